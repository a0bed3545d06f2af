// Package carga mide el sitio repartido (app/internal/sitio sobre
// PostgreSQL y NATS) con procesos de verdad por loopback: arranca un
// servidor NATS, procesos web y trabajadores de bots (este mismo binario,
// vuelto a ejecutar: ver Hijo), y los carga con clientes guionados por
// WebSocket. Lo usa el programa app/cmd/carga.
//
// Cada configuración usa un esquema nuevo de la base PostgreSQL dada (que
// borra al terminar) y su propio NATS, así no comparte nada con otra:
//
//   - Partidas entre personas con 1, 2 y 3 procesos web: cada partida
//     tiene sus dos clientes en procesos distintos (si hay más de uno), que
//     juegan una partida entera conocida de antemano (la bolsa tiene una
//     semilla fija). "Pensando": cada cliente piensa entre Pausa/2 y
//     3·Pausa/2 antes de cada jugada (a ritmo de persona); "saturada": juega
//     en cuanto le toca. De cada jugada se mide la latencia: del envío a su
//     anuncio al que la hizo.
//   - Las jugadas de bot por segundo con 1, 2… trabajadores (cada uno con
//     GOMAXPROCS=1): partidas entre dos bots guardadas directamente en el
//     almacén, cuyas jugadas encarga este proceso a la cola de NATS (un
//     productor liviano: lo que se mide son los trabajadores y la base).
package carga

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
)

// Opciones configuran Correr.
type Opciones struct {
	// DB es la URL de PostgreSQL (postgres://…): cada configuración crea
	// en ella un esquema nuevo y lo borra al terminar.
	DB string
	// Webs son las cantidades de procesos web a probar: 1, 2 y 3.
	Webs []int
	// Partidas es cuántas partidas entre personas (dos clientes cada una)
	// juegan a la vez: 250 (500 clientes).
	Partidas int
	// Pausa es lo que piensa en promedio un cliente "pensando": 2 s.
	Pausa time.Duration
	// SinPensando y SinSaturada omiten esas rondas.
	SinPensando, SinSaturada bool
	// Trabajadores son las cantidades de trabajadores de bots a probar
	// (GOMAXPROCS=1 cada uno): 1 y 2. Ninguna: sin ronda de bots.
	Trabajadores []int
	// PartidasBot es cuántas partidas entre bots juegan a la vez: 40.
	PartidasBot int
	// NivelBot es el nivel de esos bots: "principiante".
	NivelBot string
	// JugadasATiempo es cuántas jugadas piensa a la vez cada trabajador
	// (trabajador.Opciones.N): 2.
	JugadasATiempo int
	// VentanaBots, si no es 0, mide las jugadas de bot anunciadas en esa
	// ventana en lugar de jugar las partidas hasta el final (para bots
	// lentos, como el maestro).
	VentanaBots time.Duration
	// Plazo acota cada ronda: 5 min.
	Plazo time.Duration
	// Progreso, si no es nil, recibe una línea al terminar cada ronda.
	Progreso io.Writer
}

func (op Opciones) conOmisiones() Opciones {
	if op.Webs == nil {
		op.Webs = []int{1, 2, 3}
	}
	if op.Partidas <= 0 {
		op.Partidas = 250
	}
	if op.Pausa <= 0 {
		op.Pausa = 2 * time.Second
	}
	if op.Trabajadores == nil {
		op.Trabajadores = []int{1, 2}
	}
	if op.PartidasBot <= 0 {
		op.PartidasBot = 40
	}
	if op.NivelBot == "" {
		op.NivelBot = "principiante"
	}
	if op.JugadasATiempo <= 0 {
		op.JugadasATiempo = 2
	}
	if op.Plazo <= 0 {
		op.Plazo = 5 * time.Minute
	}
	if op.Progreso == nil {
		op.Progreso = io.Discard
	}
	return op
}

// Fila es el resultado de una ronda entre personas.
type Fila struct {
	Webs        int           // procesos web
	Modo        string        // "pensando" o "saturada"
	Pausa       time.Duration // lo que piensa en promedio cada cliente (0: saturada)
	Clientes    int
	Movimientos int // confirmados (y medidos)
	Duracion    time.Duration
	P50, P99    time.Duration
	Max         time.Duration
}

// PorSegundo son los movimientos confirmados por segundo.
func (f Fila) PorSegundo() float64 { return porSegundo(f.Movimientos, f.Duracion) }

// Objetivo es el p99 objetivo de la ronda: 50 ms pensando, 100 ms
// saturada.
func (f Fila) Objetivo() time.Duration {
	if f.Modo == "pensando" {
		return 50 * time.Millisecond
	}
	return 100 * time.Millisecond
}

// FilaBots es el resultado de una ronda de bots.
type FilaBots struct {
	Trabajadores int
	Partidas     int
	Jugadas      int // jugadas de bot guardadas
	Duracion     time.Duration
}

// PorSegundo son las jugadas de bot por segundo.
func (f FilaBots) PorSegundo() float64 { return porSegundo(f.Jugadas, f.Duracion) }

func porSegundo(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// Informe junta las filas de una corrida.
type Informe struct {
	Filas []Fila
	Bots  []FilaBots
	Nivel string // el de los bots
}

// Escribir escribe el informe como tablas: una fila por ronda entre
// personas y una por ronda de bots.
func (inf Informe) Escribir(w io.Writer) error {
	if len(inf.Filas) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "webs\tmodo\tclientes\tmovimientos\tmov/s\tp50\tp99\tobjetivo p99\tmáx")
		for _, f := range inf.Filas {
			modo := f.Modo
			if f.Pausa > 0 {
				modo += " " + f.Pausa.String()
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%.0f\t%v\t%v\t%v\t%v\n", f.Webs, modo, f.Clientes, f.Movimientos, f.PorSegundo(),
				redondear(f.P50), redondear(f.P99), f.Objetivo(), redondear(f.Max))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(inf.Bots) > 0 {
		if len(inf.Filas) > 0 {
			fmt.Fprintln(w)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "trabajadores\tbots\tpartidas\tjugadas\tjugadas/s\tveces 1 (objetivo con 2: 1.8)")
		for _, f := range inf.Bots {
			veces := "-"
			if b := inf.Bots[0].PorSegundo(); b > 0 && inf.Bots[0].Trabajadores == 1 {
				veces = fmt.Sprintf("%.2f", f.PorSegundo()/b)
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%.1f\t%s\n", f.Trabajadores, inf.Nivel, f.Partidas, f.Jugadas, f.PorSegundo(), veces)
		}
		return tw.Flush()
	}
	return nil
}

// redondear deja tres cifras significativas, más o menos.
func redondear(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Second:
		return d.Round(100 * time.Millisecond)
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= 100*time.Millisecond:
		return d.Round(time.Millisecond)
	case d >= 10*time.Millisecond:
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(10 * time.Microsecond)
}

// ErrSinBase es el error de Correr sin una URL de PostgreSQL.
var ErrSinBase = errors.New("carga: falta la URL de PostgreSQL")

// Correr hace las rondas de op, una tras otra, y devuelve sus cifras. Un
// error de una ronda la corta (con lo medido hasta ahí en el informe).
func Correr(ctx context.Context, op Opciones) (Informe, error) {
	op = op.conOmisiones()
	inf := Informe{Nivel: op.NivelBot}
	if !strings.HasPrefix(op.DB, "postgres://") && !strings.HasPrefix(op.DB, "postgresql://") {
		return inf, ErrSinBase
	}
	var pausas []time.Duration
	if !op.SinPensando {
		pausas = append(pausas, op.Pausa)
	}
	if !op.SinSaturada {
		pausas = append(pausas, 0)
	}
	for _, webs := range op.Webs {
		for _, pausa := range pausas {
			f, err := ronda(ctx, op, webs, pausa)
			if err != nil {
				return inf, fmt.Errorf("%d procesos web, pausa %v: %w", webs, pausa, err)
			}
			inf.Filas = append(inf.Filas, f)
			fmt.Fprintf(op.Progreso, "carga: %d webs, %s: %d movimientos, %.0f mov/s, p99 %v\n", webs, f.Modo, f.Movimientos, f.PorSegundo(), redondear(f.P99))
		}
	}
	for _, trabs := range op.Trabajadores {
		f, err := rondaBots(ctx, op, trabs)
		if err != nil {
			return inf, fmt.Errorf("%d trabajadores: %w", trabs, err)
		}
		inf.Bots = append(inf.Bots, f)
		fmt.Fprintf(op.Progreso, "carga: %d trabajadores: %d jugadas de bot, %.1f jugadas/s\n", trabs, f.Jugadas, f.PorSegundo())
	}
	return inf, nil
}

// esquema crea un esquema nuevo en la base db y devuelve la URL que lo usa
// y cómo borrarlo.
func esquema(ctx context.Context, db string) (string, func(), error) {
	var azar [6]byte
	rand.Read(azar[:])
	nombre := "carga_" + hex.EncodeToString(azar[:])
	// pgx.Connect no conoce las opciones del pool (pool_max_conns…),
	// que sí valen para los procesos: las quita para su conexión.
	directa := db
	if u, err := url.Parse(db); err == nil {
		q := u.Query()
		for k := range q {
			if strings.HasPrefix(k, "pool_") {
				q.Del(k)
			}
		}
		u.RawQuery = q.Encode()
		directa = u.String()
	}
	ejecutar := func(ctx context.Context, q string) error {
		ctx, cancelar := context.WithTimeout(ctx, 30*time.Second)
		defer cancelar()
		c, err := pgx.Connect(ctx, directa)
		if err != nil {
			return err
		}
		defer c.Close(ctx)
		_, err = c.Exec(ctx, q)
		return err
	}
	if err := ejecutar(ctx, "CREATE SCHEMA "+nombre); err != nil {
		return "", nil, fmt.Errorf("carga: creando el esquema: %w", err)
	}
	u, err := url.Parse(db)
	if err != nil {
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", nombre)
	u.RawQuery = q.Encode()
	return u.String(), func() { ejecutar(context.WithoutCancel(ctx), "DROP SCHEMA "+nombre+" CASCADE") }, nil
}

// percentil devuelve el percentil p (0–100) de ds, ordenado.
func percentil(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return ds[int(float64(len(ds)-1)*p/100)]
}

// resumir completa la fila con las latencias lat.
func resumir(f *Fila, lat []time.Duration) {
	slices.Sort(lat)
	f.Movimientos = len(lat)
	f.P50, f.P99 = percentil(lat, 50), percentil(lat, 99)
	if len(lat) > 0 {
		f.Max = lat[len(lat)-1]
	}
}
