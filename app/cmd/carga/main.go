// Command carga mide el sitio repartido sobre PostgreSQL y NATS
// (app/internal/carga): arranca sus propios procesos web y trabajadores de
// bots (este mismo programa, vuelto a ejecutar) y un NATS en 127.0.0.1,
// los carga con clientes guionados por WebSocket, y escribe las cifras
// como tablas: movimientos por segundo, latencias (p50, p99, máximo) y
// CPU de los procesos web por movimiento con 1, 2 y 3 procesos web, a
// ritmo de persona y saturado (y, con -saturadas, un barrido de partidas
// en vuelo: hasta cuántas el p99 queda en el objetivo); y jugadas de bot
// por segundo (y por segundo de CPU) con 1 y 2 trabajadores de un núcleo
// cada uno, la mediana de -repeticiones rondas alternadas.
//
//	go run ./app/cmd/carga -db postgres://127.0.0.1:5432/test [-webs 1,2,3] [-partidas 250] [-saturadas 25,50,100] [-pausa 2s] [-trabajadores 1,2] [-repeticiones 3]
//
// Cada ronda usa un esquema nuevo de la base (y lo borra). -db también se
// lee de PALABRAS_DB. Sale con 0 si midió todo (o con -h), 1 si una ronda
// falló y 2 si las opciones son incorrectas.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/carga"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() {
	if codigo, ok := carga.Hijo(); ok {
		os.Exit(codigo)
	}
	ctx, parar := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer parar()
	programa.Salir("carga", ejecutar(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// enteros es una lista de enteros entre 1 y max separados por comas.
type enteros struct {
	v   *[]int
	max int
}

func (e enteros) String() string {
	if e.v == nil {
		return ""
	}
	var s []string
	for _, n := range *e.v {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, ",")
}

func (e enteros) Set(s string) error {
	*e.v = (*e.v)[:0]
	if s == "" {
		return nil
	}
	for _, x := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil || n < 1 || n > e.max {
			return fmt.Errorf("%q: vale una lista de enteros entre 1 y %d separados por comas", s, e.max)
		}
		*e.v = append(*e.v, n)
	}
	return nil
}

func ejecutar(ctx context.Context, args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("carga", flag.ContinueOnError)
	op := carga.Opciones{Webs: []int{1, 2, 3}, Trabajadores: []int{1, 2}}
	fs.StringVar(&op.DB, "db", os.Getenv("PALABRAS_DB"), "URL de PostgreSQL (postgres://…); cada ronda usa un esquema nuevo [PALABRAS_DB]")
	fs.Var(enteros{&op.Webs, 64}, "webs", "cantidades de procesos web a probar (vacío: ninguna ronda entre personas)")
	fs.IntVar(&op.Partidas, "partidas", 250, "partidas entre personas a la vez (dos clientes cada una)")
	fs.DurationVar(&op.Pausa, "pausa", 2*time.Second, "lo que piensa en promedio un cliente a ritmo de persona (entre la mitad y una vez y media)")
	fs.BoolVar(&op.SinPensando, "sin-pensando", false, "sin las rondas a ritmo de persona")
	fs.BoolVar(&op.SinSaturada, "sin-saturada", false, "sin las rondas saturadas")
	fs.Var(enteros{&op.Saturadas, 100000}, "saturadas", "barrido: cantidades de partidas en vuelo de rondas saturadas más, con cada cantidad de procesos web (p. ej. 25,50,100,250)")
	fs.Var(enteros{&op.Trabajadores, 64}, "trabajadores", "cantidades de trabajadores de bots a probar, GOMAXPROCS=1 cada uno (vacío: ninguna ronda de bots)")
	fs.IntVar(&op.PartidasBot, "partidas-bot", 40, "partidas entre bots a la vez")
	fs.IntVar(&op.Repeticiones, "repeticiones", 1, "rondas de cada cantidad de trabajadores, alternadas (el informe da la mediana)")
	fs.StringVar(&op.NivelBot, "nivel", "principiante", "nivel de los bots")
	fs.IntVar(&op.JugadasATiempo, "n", 2, "jugadas que piensa a la vez cada trabajador")
	fs.DurationVar(&op.VentanaBots, "ventana-bots", 0, "mide las jugadas de bot de esta ventana en lugar de jugar las partidas hasta el final (0: hasta el final)")
	var perfil string
	fs.StringVar(&perfil, "perfil", "", "carpeta (existente) donde escribir los perfiles de CPU de este proceso (carga.prof) y de cada hijo (web-pid.prof, trabajador-pid.prof)")
	fs.DurationVar(&op.Plazo, "plazo", 5*time.Minute, "tiempo máximo de cada ronda")
	if ayuda, err := programa.Leer(fs, args, salida, "Uso: carga -db URL [opciones]",
		"Mide el sitio repartido (PostgreSQL y NATS) con procesos de verdad y clientes guionados, y escribe las cifras."); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return programa.DeUso("argumentos de más: %q", fs.Args())
	}
	if !strings.HasPrefix(op.DB, "postgres://") && !strings.HasPrefix(op.DB, "postgresql://") {
		return programa.DeUso("falta -db postgres://… (o PALABRAS_DB)")
	}
	if op.Partidas < 1 || op.PartidasBot < 1 || op.Repeticiones < 1 || op.JugadasATiempo < 1 || op.Plazo <= 0 || op.Pausa <= 0 {
		return programa.DeUso("-partidas, -partidas-bot, -repeticiones, -n, -pausa y -plazo deben ser positivos")
	}
	if _, err := bot.ParsearNivel(op.NivelBot); err != nil {
		return programa.DeUso("-nivel: %v", err)
	}
	if perfil != "" {
		// Los hijos heredan la carpeta; este proceso (los clientes y el
		// NATS) escribe el suyo en carga.prof.
		if err := os.Setenv(carga.VarPerfil, perfil); err != nil {
			return err
		}
		f, err := os.Create(filepath.Join(perfil, "carga.prof"))
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return err
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	op.Progreso = errores
	inf, err := carga.Correr(ctx, op)
	if e := inf.Escribir(salida); e != nil && err == nil {
		err = e
	}
	return err
}
