package bot

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// OpcionesAprender configuran Aprender.
type OpcionesAprender struct {
	// Partidas es cuántas partidas de dos jugadores se juegan (al menos 1).
	Partidas int
	// Semilla es la semilla de la primera bolsa; la partida i usa
	// Semilla+i.
	Semilla uint64
	// Base son las hojas con que juega el experto que genera las partidas;
	// con nil juegan dos bots avanzados (codiciosos).
	Base *Hojas
	// Gorutinas es cuántas partidas se juegan a la vez; 0 es
	// runtime.GOMAXPROCS(0).
	Gorutinas int
	// Progreso, si no es nil, se llama después de cada partida con las
	// terminadas hasta entonces (desde varias gorutinas).
	Progreso func(terminadas int)
	// Generador, si no es nil, crea el generador de jugadas de cada
	// gorutina (un generador no se comparte entre gorutinas); con nil,
	// generador.Nuevo(v, generador.Opciones{}), que comparte el GADDAG de
	// la variante.
	Generador func() (generador.Generador, error)
}

// ErrAprender: Aprender recibió opciones inválidas o no juntó datos.
var ErrAprender = errors.New("bot: no se pueden aprender las hojas")

// Dimensiones del modelo lineal: MaxCopias por letra, la tabla de
// equilibrio y la ordenada al origen.
const (
	dimCopias     = letra.MaxLetras * MaxCopias
	dimEquilibrio = (MaxBalance + 1) * (MaxBalance + 1)
	dimModelo     = dimCopias + dimEquilibrio + 1
)

// Aprender aprende los valores de las hojas de la variante v (clásica, con
// bolsa) jugando partidas contra sí mismo, y devuelve las Hojas resultantes.
// Cada gorutina genera sus jugadas con su generador (op.Generador).
//
// El método: en cada turno en que la bolsa tiene al menos F fichas, se anota
// la hoja que el jugador conserva y, cuando vuelve a jugar, los puntos de esa
// jugada siguiente. El valor de una hoja H es cuánto más (o menos) se espera
// sumar en la jugada siguiente conservando H que sin conservar nada:
// E[puntos siguientes | H] − E[puntos siguientes | hoja vacía]. Se ajusta
// por mínimos cuadrados (con una regularización chica) el modelo lineal de
// Hojas: un peso por copia de cada letra y uno por cada equilibrio de
// vocales y consonantes. La hoja vacía vale 0.
//
// Es determinista para las mismas opciones (la suma de las ecuaciones no
// depende del orden). Cuesta lo que jugar las partidas más resolver un
// sistema de unos 300×300.
func Aprender(v *variante.Variante, op OpcionesAprender) (*Hojas, error) {
	if v == nil || op.Partidas < 1 || !v.Bolsa() {
		return nil, fmt.Errorf("%w: hacen falta una variante con bolsa y al menos una partida", ErrAprender)
	}
	nuevo := op.Generador
	if nuevo == nil {
		nuevo = func() (generador.Generador, error) { return generador.Nuevo(v, generador.Opciones{}) }
	}
	gor := op.Gorutinas
	if gor <= 0 {
		gor = runtime.GOMAXPROCS(0)
	}
	// Los generadores, uno por gorutina, antes de empezar: si no se puede
	// crear alguno, Aprender falla sin jugar.
	generadores := make([]generador.Generador, gor)
	for i := range generadores {
		g, err := nuevo()
		if err != nil {
			return nil, err
		}
		if g == nil {
			return nil, ErrSinGenerador
		}
		generadores[i] = g
	}
	alf := v.Alfabeto()
	vocales := vocalesDe(alf)

	type acumulador struct {
		xtx [dimModelo][dimModelo]float64
		xty [dimModelo]float64
		n   int
	}
	var (
		mu        sync.Mutex
		total     = new(acumulador)
		siguiente atomic.Int64
		hechas    atomic.Int64
		errPrim   error
		wg        sync.WaitGroup
	)
	for _, g := range generadores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			acc := new(acumulador)
			var b *Bot
			if op.Base != nil {
				b, _ = NuevoExperto(g, OpcionesExperto{Hojas: op.Base})
			} else {
				b, _ = Nuevo(Avanzado, g)
			}
			var idx []int
			anotar := func(rasgos []int, y float64) {
				for _, a := range rasgos {
					acc.xty[a] += y
					for _, c := range rasgos {
						acc.xtx[a][c]++
					}
				}
				acc.n++
			}
			for {
				i := siguiente.Add(1) - 1
				if i >= int64(op.Partidas) {
					break
				}
				if err := jugarYAnotar(v, b, op.Semilla+uint64(i), vocales, &idx, anotar); err != nil {
					mu.Lock()
					errPrim = errors.Join(errPrim, err)
					mu.Unlock()
					return
				}
				if op.Progreso != nil {
					op.Progreso(int(hechas.Add(1)))
				}
			}
			mu.Lock()
			for a := range acc.xtx {
				for c := range acc.xtx[a] {
					total.xtx[a][c] += acc.xtx[a][c]
				}
				total.xty[a] += acc.xty[a]
			}
			total.n += acc.n
			mu.Unlock()
		}()
	}
	wg.Wait()
	if errPrim != nil {
		return nil, errPrim
	}
	if total.n == 0 {
		return nil, fmt.Errorf("%w: ninguna muestra", ErrAprender)
	}
	// Regularización: λ en la diagonal salvo la ordenada al origen.
	const lambda = 5
	for a := 0; a < dimModelo-1; a++ {
		total.xtx[a][a] += lambda
	}
	w, err := resolver(&total.xtx, total.xty)
	if err != nil {
		return nil, err
	}
	hs := &Hojas{alf: alf, vocales: vocales}
	for l := range letra.MaxLetras {
		for k := range MaxCopias {
			hs.copia[l][k] = redondear(w[l*MaxCopias+k])
		}
	}
	vacio := w[dimCopias]
	for vo := range MaxBalance + 1 {
		for co := range MaxBalance + 1 {
			hs.equilibrio[vo][co] = redondear(w[dimCopias+vo*(MaxBalance+1)+co] - vacio)
		}
	}
	return hs, nil
}

func redondear(x float64) float64 { return math.Round(x*1000) / 1000 }

// rasgos devuelve en idx los índices de los rasgos activos de la hoja
// (todos valen 1 salvo la tercera copia, que se repite por cada copia
// desde la tercera).
func rasgos(idx []int, hoja letra.Multiconjunto, vocales letra.Conjunto) []int {
	idx = idx[:0]
	var prev letra.Letra = letra.MaxLetras
	k, voc, con := 0, 0, 0
	for l := range hoja.Todas() {
		if l == prev {
			k++
		} else {
			prev, k = l, 0
		}
		idx = append(idx, int(l)*MaxCopias+min(k, MaxCopias-1))
		if l != letra.Comodin {
			if vocales&letra.ConjuntoDe(l) != 0 {
				voc++
			} else {
				con++
			}
		}
	}
	idx = append(idx, dimCopias+min(voc, MaxBalance)*(MaxBalance+1)+min(con, MaxBalance), dimModelo-1)
	return idx
}

// jugarYAnotar juega una partida de dos jugadores con b en los dos lados y
// anota cada hoja con los puntos de la jugada siguiente del mismo jugador.
func jugarYAnotar(v *variante.Variante, b *Bot, semilla uint64, vocales letra.Conjunto, idx *[]int, anotar func([]int, float64)) error {
	bolsa, err := v.Repositorio(2, semilla)
	if err != nil {
		return err
	}
	j, err := juego.Nuevo(2, v, bolsa)
	if err != nil {
		return err
	}
	pendiente := [2][]int{}
	for turnos := 0; turnos < 1000; turnos++ {
		if _, fin := j.Terminada(); fin {
			return nil
		}
		p := j.Turno()
		d := b.Elegir(j)
		mano, _ := j.Fichas(p)
		llena := j.LetrasEnRepositorio() >= v.Fichas()
		hoja := mano
		switch d.Tipo {
		case juego.SucesoColocacion:
			hoja = mano.Diferencia(d.Jugada.DeLaMano())
		case juego.SucesoCambio:
			hoja = mano.Diferencia(d.Cambiadas)
		}
		puntos, err := d.Aplicar(j)
		if err != nil {
			return fmt.Errorf("bot: partida %d: %w", semilla, err)
		}
		if pendiente[p] != nil {
			anotar(pendiente[p], float64(puntos))
		}
		pendiente[p] = nil
		if llena {
			*idx = rasgos(*idx, hoja, vocales)
			pendiente[p] = append([]int(nil), *idx...)
		}
	}
	return fmt.Errorf("bot: partida %d: no termina", semilla)
}

// resolver resuelve a·x = b por eliminación gaussiana con pivoteo parcial.
func resolver(a *[dimModelo][dimModelo]float64, b [dimModelo]float64) ([dimModelo]float64, error) {
	m := *a
	var x [dimModelo]float64
	for c := 0; c < dimModelo; c++ {
		p := c
		for f := c + 1; f < dimModelo; f++ {
			if math.Abs(m[f][c]) > math.Abs(m[p][c]) {
				p = f
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return x, fmt.Errorf("%w: sistema singular", ErrAprender)
		}
		m[c], m[p] = m[p], m[c]
		b[c], b[p] = b[p], b[c]
		for f := c + 1; f < dimModelo; f++ {
			k := m[f][c] / m[c][c]
			if k == 0 {
				continue
			}
			for cc := c; cc < dimModelo; cc++ {
				m[f][cc] -= k * m[c][cc]
			}
			b[f] -= k * b[c]
		}
	}
	for f := dimModelo - 1; f >= 0; f-- {
		s := b[f]
		for c := f + 1; c < dimModelo; c++ {
			s -= m[f][c] * x[c]
		}
		x[f] = s / m[f][f]
	}
	return x, nil
}
