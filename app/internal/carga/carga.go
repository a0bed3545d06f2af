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
	// Saturadas, si no está vacía, agrega un barrido: con cada cantidad de
	// procesos web, una ronda saturada más por cada cantidad de partidas
	// en vuelo (por ejemplo 25, 50, 100 y 250), al lado de la de Partidas
	// (que no cambia), para decir hasta cuántas el p99 queda en el
	// objetivo y a cuántas jugadas por segundo.
	Saturadas []int
	// Trabajadores son las cantidades de trabajadores de bots a probar
	// (GOMAXPROCS=1 cada uno): 1 y 2. Ninguna: sin ronda de bots.
	Trabajadores []int
	// PartidasBot es cuántas partidas entre bots juegan a la vez: 40.
	PartidasBot int
	// Repeticiones es cuántas veces se mide cada cantidad de
	// Trabajadores: 1. Las rondas se alternan (1, 2, 2, 1, 1, 2…: la carga
	// de la máquina que cambia con el tiempo les toca a todas por igual)
	// y el informe da la mediana.
	Repeticiones int
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
	if op.Repeticiones <= 0 {
		op.Repeticiones = 1
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
	Clientes    int           // dos por partida en vuelo
	Barrido     bool          // una ronda del barrido (Opciones.Saturadas)
	Movimientos int           // confirmados (y medidos)
	Duracion    time.Duration
	P50, P99    time.Duration
	Max         time.Duration
	// CPUWeb es el tiempo de CPU que usaron los procesos web en la
	// medida (0 si no se pudo leer: fuera de Linux). CPUServidor, el de
	// los procesos de PostgreSQL de la máquina (los de cualquiera que lo
	// use a la vez también).
	CPUWeb, CPUServidor time.Duration
}

// CPUPorMovimiento es el tiempo de CPU de los procesos web por movimiento
// confirmado: el costo de una jugada, casi sin el ruido de la carga de la
// máquina (que sí cambia las latencias y los movimientos por segundo).
func (f Fila) CPUPorMovimiento() time.Duration {
	if f.Movimientos == 0 {
		return 0
	}
	return f.CPUWeb / time.Duration(f.Movimientos)
}

// CPUServidorPorMovimiento es CPUServidor por movimiento confirmado.
func (f Fila) CPUServidorPorMovimiento() time.Duration {
	if f.Movimientos == 0 {
		return 0
	}
	return f.CPUServidor / time.Duration(f.Movimientos)
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
	// CPU es el tiempo de CPU que usaron los trabajadores en la medida (0
	// si no se pudo leer).
	CPU time.Duration
}

// PorSegundo son las jugadas de bot por segundo.
func (f FilaBots) PorSegundo() float64 { return porSegundo(f.Jugadas, f.Duracion) }

// PorSegundoCPU son las jugadas de bot por segundo de CPU de los
// trabajadores: lo que rinde un núcleo que los trabajadores sí tienen, sin
// el de la máquina que les quitan otros procesos.
func (f FilaBots) PorSegundoCPU() float64 { return porSegundo(f.Jugadas, f.CPU) }

// Nucleos son los núcleos que usaron en promedio los trabajadores.
func (f FilaBots) Nucleos() float64 {
	if f.Duracion <= 0 {
		return 0
	}
	return f.CPU.Seconds() / f.Duracion.Seconds()
}

// ResumenBots junta las repeticiones de una cantidad de trabajadores.
type ResumenBots struct {
	Trabajadores int
	Rondas       []FilaBots
	// PorSegundo y PorSegundoCPU son las medianas de las rondas; Nucleos,
	// la de los núcleos usados.
	PorSegundo, PorSegundoCPU, Nucleos float64
}

// Resumir junta las rondas de bots por cantidad de trabajadores, en el
// orden en que aparecen por primera vez.
func Resumir(bots []FilaBots) []ResumenBots {
	var res []ResumenBots
	donde := map[int]int{}
	for _, f := range bots {
		i, ok := donde[f.Trabajadores]
		if !ok {
			i = len(res)
			donde[f.Trabajadores] = i
			res = append(res, ResumenBots{Trabajadores: f.Trabajadores})
		}
		res[i].Rondas = append(res[i].Rondas, f)
	}
	for i := range res {
		var ps, pc, nu []float64
		for _, f := range res[i].Rondas {
			ps, pc, nu = append(ps, f.PorSegundo()), append(pc, f.PorSegundoCPU()), append(nu, f.Nucleos())
		}
		res[i].PorSegundo, res[i].PorSegundoCPU, res[i].Nucleos = mediana(ps), mediana(pc), mediana(nu)
	}
	return res
}

// mediana devuelve la mediana de xs (0 si está vacía).
func mediana(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	xs = slices.Clone(xs)
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

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
// personas (y, si hubo barrido, hasta cuántas partidas en vuelo el p99
// quedó en el objetivo con cada cantidad de procesos web) y una por
// cantidad de trabajadores de bots (la mediana de sus repeticiones).
func (inf Informe) Escribir(w io.Writer) error {
	if len(inf.Filas) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "webs\tmodo\tclientes\tmovimientos\tmov/s\tp50\tp99\tobjetivo p99\tmáx\tcpu web/mov\tcpu pg/mov")
		for _, f := range inf.Filas {
			modo := f.Modo
			if f.Pausa > 0 {
				modo += " " + f.Pausa.String()
			}
			if f.Barrido {
				modo += fmt.Sprintf(" (%d)", f.Clientes/2)
			}
			cpu, pg := "-", "-"
			if f.CPUWeb > 0 {
				cpu = redondear(f.CPUPorMovimiento()).String()
			}
			if f.CPUServidor > 0 {
				pg = redondear(f.CPUServidorPorMovimiento()).String()
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%.0f\t%v\t%v\t%v\t%v\t%s\t%s\n", f.Webs, modo, f.Clientes, f.Movimientos, f.PorSegundo(),
				redondear(f.P50), redondear(f.P99), f.Objetivo(), redondear(f.Max), cpu, pg)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		for _, t := range inf.Techos() {
			if t.Hasta.Clientes == 0 {
				fmt.Fprintf(w, "%d webs: el p99 pasa de %v ya con %d partidas en vuelo (%v)\n", t.Webs, t.Pasa.Objetivo(), t.Pasa.Clientes/2,
					redondear(t.Pasa.P99))
				continue
			}
			fmt.Fprintf(w, "%d webs: hasta %d partidas en vuelo el p99 queda ≤ %v (%v) a %.0f mov/s", t.Webs, t.Hasta.Clientes/2,
				t.Hasta.Objetivo(), redondear(t.Hasta.P99), t.Hasta.PorSegundo())
			if t.Pasa.Clientes > 0 {
				fmt.Fprintf(w, "; con %d, %v a %.0f mov/s", t.Pasa.Clientes/2, redondear(t.Pasa.P99), t.Pasa.PorSegundo())
			}
			fmt.Fprintln(w)
		}
	}
	if len(inf.Bots) > 0 {
		if len(inf.Filas) > 0 {
			fmt.Fprintln(w)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "trabajadores\tbots\tpartidas\tjugadas\tjugadas/s\tveces 1 (objetivo con 2: 1.8)\trondas (jugadas/s)\tjugadas/s-cpu\tnúcleos usados")
		rs := Resumir(inf.Bots)
		for _, r := range rs {
			veces := "-"
			if b := rs[0].PorSegundo; b > 0 && rs[0].Trabajadores == 1 {
				veces = fmt.Sprintf("%.2f", r.PorSegundo/b)
			}
			var rondas []string
			jugadas := 0
			for _, f := range r.Rondas {
				rondas = append(rondas, fmt.Sprintf("%.1f", f.PorSegundo()))
				jugadas += f.Jugadas
			}
			cpu, nucleos := "-", "-"
			if r.PorSegundoCPU > 0 {
				cpu, nucleos = fmt.Sprintf("%.1f", r.PorSegundoCPU), fmt.Sprintf("%.2f", r.Nucleos)
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%.1f\t%s\t%s\t%s\t%s\n", r.Trabajadores, inf.Nivel, r.Rondas[0].Partidas, jugadas/len(r.Rondas),
				r.PorSegundo, veces, strings.Join(rondas, " "), cpu, nucleos)
		}
		return tw.Flush()
	}
	return nil
}

// Techo es hasta dónde llega el p99 saturado con una cantidad de procesos
// web: Hasta es la ronda saturada con más partidas en vuelo cuyo p99 queda
// en el objetivo, como todas las de menos partidas (Clientes 0: ninguna);
// Pasa, la primera que pasa del objetivo (Clientes 0: ninguna).
type Techo struct {
	Webs        int
	Hasta, Pasa Fila
}

// Techos devuelve el Techo de cada cantidad de procesos web con barrido
// (rondas saturadas con más de una cantidad de partidas en vuelo).
func (inf Informe) Techos() []Techo {
	var res []Techo
	porWebs := map[int][]Fila{}
	var orden []int
	for _, f := range inf.Filas {
		if f.Modo != "saturada" {
			continue
		}
		if _, ok := porWebs[f.Webs]; !ok {
			orden = append(orden, f.Webs)
		}
		porWebs[f.Webs] = append(porWebs[f.Webs], f)
	}
	for _, webs := range orden {
		fs := porWebs[webs]
		if len(fs) < 2 {
			continue
		}
		slices.SortStableFunc(fs, func(a, b Fila) int { return a.Clientes - b.Clientes })
		t := Techo{Webs: webs}
		for _, f := range fs {
			if f.P99 > f.Objetivo() {
				t.Pasa = f
				break
			}
			t.Hasta = f
		}
		res = append(res, t)
	}
	return res
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
			f, err := ronda(ctx, op, webs, op.Partidas, pausa)
			if err != nil {
				return inf, fmt.Errorf("%d procesos web, pausa %v: %w", webs, pausa, err)
			}
			inf.Filas = append(inf.Filas, f)
			fmt.Fprintf(op.Progreso, "carga: %d webs, %s: %d movimientos, %.0f mov/s, p99 %v\n", webs, f.Modo, f.Movimientos, f.PorSegundo(), redondear(f.P99))
		}
		for _, n := range op.Saturadas {
			f, err := ronda(ctx, op, webs, n, 0)
			if err != nil {
				return inf, fmt.Errorf("%d procesos web, %d partidas saturadas: %w", webs, n, err)
			}
			f.Barrido = true
			inf.Filas = append(inf.Filas, f)
			fmt.Fprintf(op.Progreso, "carga: %d webs, %d partidas saturadas: %d movimientos, %.0f mov/s, p50 %v, p99 %v\n", webs, n, f.Movimientos,
				f.PorSegundo(), redondear(f.P50), redondear(f.P99))
		}
	}
	for _, trabs := range ordenBots(op.Trabajadores, op.Repeticiones) {
		f, err := rondaBots(ctx, op, trabs)
		if err != nil {
			return inf, fmt.Errorf("%d trabajadores: %w", trabs, err)
		}
		inf.Bots = append(inf.Bots, f)
		fmt.Fprintf(op.Progreso, "carga: %d trabajadores: %d jugadas de bot, %.1f jugadas/s, %.1f por s de CPU\n", trabs, f.Jugadas, f.PorSegundo(),
			f.PorSegundoCPU())
	}
	return inf, nil
}

// ordenBots devuelve las rondas de bots: las cantidades ts, reps veces,
// una vuelta al derecho y otra al revés (1 2, 2 1, 1 2…).
func ordenBots(ts []int, reps int) []int {
	var res []int
	for r := range reps {
		vuelta := slices.Clone(ts)
		if r%2 == 1 {
			slices.Reverse(vuelta)
		}
		res = append(res, vuelta...)
	}
	return res
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
