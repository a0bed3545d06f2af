package inferencia

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
)

// Errores de [Inferir] y [UltimoTurno].
var (
	// ErrTurnoImposible: el turno no pudo hacerse con las fichas no vistas
	// (pone fichas que no están entre ellas, o son menos que la mano).
	ErrTurnoImposible = errors.New("inferencia: el turno no es posible con las fichas no vistas")
	// ErrSinTurno: el juego no tiene un turno del rival inmediatamente
	// antes (empezó en una posición, o es de más de dos jugadores).
	ErrSinTurno = errors.New("inferencia: no hay un último turno del rival")
	// ErrDemasiadasHojas: las hojas posibles pasan de Opciones.MaxHojas.
	ErrDemasiadasHojas = errors.New("inferencia: demasiadas hojas posibles")
	// ErrOpcionFueraDeRango: Opciones.MaxHojas pasa de MaxMaxHojas u
	// Opciones.Trabajadores de MaxTrabajadores.
	ErrOpcionFueraDeRango = errors.New("inferencia: opción fuera de rango")
)

// Los máximos de las opciones: más allá, [Inferir] devuelve
// [ErrOpcionFueraDeRango].
const (
	// MaxMaxHojas acota Opciones.MaxHojas: cada hoja enumerada ocupa unos
	// 30 bytes, así que 2²³ hojas son unos 250 MB.
	MaxMaxHojas = 1 << 23
	// MaxTrabajadores: cada uno tiene su generador y su copia del juego.
	MaxTrabajadores = 256
)

// OmisionTolerancia es la tolerancia por omisión, en puntos de equidad.
const OmisionTolerancia = 3

// OmisionMaxHojas es el límite por omisión de Opciones.MaxHojas: más que
// las hojas de hasta 6 fichas de cualquier bolsa clásica.
const OmisionMaxHojas = 1 << 21

// Opciones configuran [Inferir]. El valor cero da las de omisión.
type Opciones struct {
	// Tolerancia es cuánta equidad por debajo de la mejor puede estar el
	// turno para que una hoja lo explique; 0 es OmisionTolerancia y un
	// valor negativo, 0 (solo la mejor).
	Tolerancia float64
	// MaxHojas acota las hojas posibles que se enumeran; 0 es
	// OmisionMaxHojas. A lo sumo MaxMaxHojas.
	MaxHojas int
	// Trabajadores es cuántas gorutinas juzgan hojas, cada una con su
	// generador; 0 es runtime.GOMAXPROCS(0). El resultado no depende de
	// cuántas son (salvo cuántas hojas se juzgan antes del plazo). A lo
	// sumo MaxTrabajadores.
	Trabajadores int
}

// Turno es lo que se vio del turno del rival: el tipo (colocación, cambio o
// pase), las fichas que puso y sus puntos, o cuántas cambió.
type Turno struct {
	Tipo juego.TipoSuceso
	// Puestas son las fichas de la mano que puso (un comodín es
	// letra.Comodin), en una colocación.
	Puestas letra.Multiconjunto
	// Puntos son los que sumó la colocación.
	Puntos int
	// Cambiadas es cuántas fichas cambió, en un cambio.
	Cambiadas int
}

// TurnoDe devuelve lo que un rival ve de un suceso de juego.Juego.Sucesos:
// no la mano ni qué fichas cambió, solo cuántas.
func TurnoDe(s juego.Suceso) Turno {
	return Turno{Tipo: s.Tipo, Puestas: s.Jugada.DeLaMano(), Puntos: s.Puntos, Cambiadas: s.Cambiadas.Tamano()}
}

// Inferencia son las hojas que el rival pudo conservar después de su
// turno, cada una con su probabilidad. Ver el paquete.
type Inferencia struct {
	// Turno es el turno que se explicó.
	Turno Turno
	// Tamano es la cantidad de fichas de cada hoja.
	Tamano int
	// Posibles es cuántas hojas distintas permiten las fichas no vistas;
	// Examinadas, cuántas se juzgaron antes del plazo; Descartadas, cuántas
	// de esas no explican el turno. Si Examinadas < Posibles (Completa es
	// false), las no examinadas quedan con su probabilidad previa.
	Posibles, Examinadas, Descartadas int
	Completa                          bool

	letras    []letra.Letra // Tamano letras por hoja, de más a menos probable
	pesos     []float64
	acumulado []float64 // suma de los pesos hasta cada hoja, inclusive
}

// Informativa dice si el turno dijo algo de la hoja: un pase no dice nada
// (Len es 0 y la mano del rival es cualquiera de las no vistas), y tampoco
// una inferencia cuyo plazo venció antes de enumerar las hojas posibles
// (Completa es false).
func (in *Inferencia) Informativa() bool { return in != nil && len(in.pesos) > 0 }

// Len es la cantidad de hojas que quedan.
func (in *Inferencia) Len() int {
	if in == nil {
		return 0
	}
	return len(in.pesos)
}

// hoja devuelve la hoja i.
func (in *Inferencia) hoja(i int) letra.Multiconjunto {
	var h letra.Multiconjunto
	for _, l := range in.letras[i*in.Tamano : (i+1)*in.Tamano] {
		h.Agregar(l)
	}
	return h
}

// Hojas recorre las hojas que quedan con su probabilidad (suman 1), de la
// más probable a la menos.
func (in *Inferencia) Hojas() iter.Seq2[letra.Multiconjunto, float64] {
	return func(yield func(letra.Multiconjunto, float64) bool) {
		if !in.Informativa() {
			return
		}
		total := in.acumulado[len(in.acumulado)-1]
		for i, p := range in.pesos {
			if !yield(in.hoja(i), p/total) {
				return
			}
		}
	}
}

// Probabilidad devuelve la probabilidad de que el rival haya conservado h
// (0 si no quedó).
func (in *Inferencia) Probabilidad(h letra.Multiconjunto) float64 {
	for x, p := range in.Hojas() {
		if x == h {
			return p
		}
	}
	return 0
}

// Cuantil devuelve la hoja en el cuantil u ∈ [0, 1) de la distribución:
// con u uniforme, una hoja al azar con su probabilidad. No reserva memoria.
// Sin hojas (Informativa false) devuelve la hoja vacía.
func (in *Inferencia) Cuantil(u float64) letra.Multiconjunto {
	if !in.Informativa() {
		return letra.Multiconjunto{}
	}
	x := u * in.acumulado[len(in.acumulado)-1]
	i := sort.SearchFloat64s(in.acumulado, x)
	if i < len(in.acumulado) && in.acumulado[i] == x {
		i++ // el peso hasta i inclusive es x: u cae en la siguiente
	}
	return in.hoja(min(i, len(in.pesos)-1))
}

// String resume la inferencia: el turno, las hojas que quedan y las tres
// más probables.
func (in *Inferencia) String() string {
	if !in.Informativa() {
		return fmt.Sprintf("inferencia de un %v: nada", in.Turno.Tipo)
	}
	s := fmt.Sprintf("inferencia de un %v: %d de %d hojas de %d fichas", in.Turno.Tipo, in.Len(), in.Posibles, in.Tamano)
	n := 0
	for h, p := range in.Hojas() {
		if n == 3 {
			break
		}
		s += fmt.Sprintf(", %v %.1f%%", h, 100*p)
		n++
	}
	return s
}

// Inferir explica el turno del rival: antes es la partida antes del turno,
// con el rival en turno (de ella se usan el tablero, la bolsa y el tamaño de
// la mano del rival, no sus fichas), y noVistas las fichas que quien
// infiere no veía entonces (la bolsa y la mano del rival). Juzga cada hoja
// posible con la búsqueda por equidad (generador.MejoresPorEquidad, el
// criterio del bot experto) y las hojas hs, en Opciones.Trabajadores
// gorutinas. Termina cuando ctx termina, con las hojas no examinadas a su
// probabilidad previa.
//
// Devuelve un error que envuelve a [ErrTurnoImposible] si el turno no pudo
// hacerse con noVistas, a [ErrDemasiadasHojas] o a
// [ErrOpcionFueraDeRango], o el de generador.Nuevo con la variante de
// antes.
func Inferir(ctx context.Context, antes *juego.Juego, t Turno, noVistas letra.Multiconjunto, hs generador.Hojas, op Opciones) (*Inferencia, error) {
	if op.MaxHojas > MaxMaxHojas || op.Trabajadores > MaxTrabajadores {
		return nil, fmt.Errorf("%w: MaxHojas = %d (a lo sumo %d), Trabajadores = %d (a lo sumo %d)", ErrOpcionFueraDeRango, op.MaxHojas, MaxMaxHojas, op.Trabajadores, MaxTrabajadores)
	}
	tol := op.Tolerancia
	switch {
	case tol == 0:
		tol = OmisionTolerancia
	case tol < 0:
		tol = 0
	}
	maxHojas := op.MaxHojas
	if maxHojas <= 0 {
		maxHojas = OmisionMaxHojas
	}
	in := &Inferencia{Turno: t, Completa: true}
	manoRival, _ := antes.Fichas(antes.Turno())
	tamMano := manoRival.Tamano()
	if noVistas.Tamano() < tamMano {
		return nil, fmt.Errorf("%w: %d fichas no vistas y la mano tiene %d", ErrTurnoImposible, noVistas.Tamano(), tamMano)
	}
	var pozo letra.Multiconjunto
	switch t.Tipo {
	case juego.SucesoColocacion:
		if !noVistas.Incluye(t.Puestas) || t.Puestas.Tamano() > tamMano || t.Puestas.Vacio() {
			return nil, fmt.Errorf("%w: puso %v", ErrTurnoImposible, t.Puestas)
		}
		pozo, in.Tamano = noVistas.Diferencia(t.Puestas), tamMano-t.Puestas.Tamano()
	case juego.SucesoCambio:
		if t.Cambiadas <= 0 || t.Cambiadas > tamMano {
			return nil, fmt.Errorf("%w: cambió %d fichas", ErrTurnoImposible, t.Cambiadas)
		}
		pozo, in.Tamano = noVistas, tamMano-t.Cambiadas
	default:
		return in, nil // un pase no dice nada
	}
	// Las hojas posibles, con su probabilidad previa: las maneras de sacarla
	// del pozo.
	var letras []letra.Letra
	var pesos []float64
	var err error
	cortada := false
	enumerar(pozo, in.Tamano, func(h []letra.Letra, peso float64) bool {
		if len(pesos) >= maxHojas {
			err = fmt.Errorf("%w: más de %d", ErrDemasiadasHojas, maxHojas)
			return false
		}
		if len(pesos)%4096 == 4095 && vencido(ctx) {
			cortada = true // el plazo vence antes de enumerarlas: nada se sabe
			return false
		}
		letras = append(letras, h...)
		pesos = append(pesos, peso)
		return true
	})
	if err != nil {
		return nil, err
	}
	// Ordenar y juzgar millones de hojas cuesta: con el plazo vencido no
	// se empieza.
	if cortada || vencido(ctx) {
		in.Completa = false
		in.Tamano = 0
		return in, nil
	}
	in.Posibles = len(pesos)
	orden, ok := ordenar(ctx, pesos)
	if !ok {
		in.Completa = false
		in.Tamano = 0
		return in, nil
	}
	// Sin bolsa (o con la justa) la mano del rival se conoce: no hay nada
	// que juzgar, y el experto entonces no juega por las hojas.
	juez := veredictos(ctx, antes, t, letras, orden, in.Tamano, hs, tol, op.Trabajadores, noVistas.Tamano() > tamMano)
	k := in.Tamano
	for n, i := range orden {
		switch juez[n] {
		case sinJuzgar:
			in.Completa = false
		case descartada:
			in.Examinadas++
			in.Descartadas++
			continue
		default:
			in.Examinadas++
		}
		in.letras = append(in.letras, letras[i*k:(i+1)*k]...)
		in.pesos = append(in.pesos, pesos[i])
	}
	if noVistas.Tamano() <= tamMano {
		in.Completa, in.Examinadas = true, in.Posibles
	}
	in.acumulado = make([]float64, len(in.pesos))
	s := 0.0
	for i, p := range in.pesos {
		s += p
		in.acumulado[i] = s
	}
	return in, nil
}

// ordenar devuelve los índices de pesos de mayor a menor peso (estable).
// Ordenar cientos de miles de hojas cuesta decenas de milisegundos: con un
// plazo se ordena en su gorutina, y si el plazo vence antes devuelve false
// (la gorutina termina sola y se descarta lo que ordenó).
func ordenar(ctx context.Context, pesos []float64) ([]int, bool) {
	orden := make([]int, len(pesos))
	for i := range orden {
		orden[i] = i
	}
	ordenarYa := func() {
		slices.SortStableFunc(orden, func(a, b int) int {
			switch {
			case pesos[a] > pesos[b]:
				return -1
			case pesos[a] < pesos[b]:
				return 1
			}
			return 0
		})
	}
	if ctx.Done() == nil || len(orden) < 4096 {
		ordenarYa()
		return orden, true
	}
	listo := make(chan struct{})
	go func() {
		ordenarYa()
		close(listo)
	}()
	var vence <-chan time.Time
	if d, ok := ctx.Deadline(); ok {
		tm := time.NewTimer(time.Until(d))
		defer tm.Stop()
		vence = tm.C
	}
	select {
	case <-listo:
		return orden, true
	case <-ctx.Done():
	case <-vence:
	}
	return nil, false
}

// vencido informa si ctx terminó o pasó su plazo (el reloj se mira además
// de ctx: en una máquina cargada la gorutina que lo cancela puede tardar).
func vencido(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// valor es hs.Valor(h), 0 si hs es nil, −∞ si es NaN (como la búsqueda por
// equidad).
func valor(hs generador.Hojas, h letra.Multiconjunto) float64 {
	if hs == nil {
		return 0
	}
	v := hs.Valor(h)
	if v != v {
		return math.Inf(-1)
	}
	return v
}

// subhojas escribe en dst el valor de cada sub-hoja de h (la hoja entera,
// la última): las que conserva un cambio de una mano que contiene h.
func subhojas(hs generador.Hojas, h letra.Multiconjunto, dst []float64) []float64 {
	dst = dst[:0]
	var ls []letra.Letra
	for l := range letra.MaxLetras {
		if h.Cantidad(letra.Letra(l)) > 0 {
			ls = append(ls, letra.Letra(l))
		}
	}
	var rec func(i int, parcial letra.Multiconjunto)
	rec = func(i int, parcial letra.Multiconjunto) {
		if i == len(ls) {
			dst = append(dst, valor(hs, parcial))
			return
		}
		for c := range h.Cantidad(ls[i]) + 1 {
			p := parcial
			p.AgregarN(ls[i], c)
			rec(i+1, p)
		}
	}
	rec(0, letra.Multiconjunto{})
	return dst
}

// enumerar llama a fn con cada multiconjunto de k fichas del pozo, en orden
// de letras, y las maneras de sacarlo (el producto de los binomiales de
// cada letra), hasta que fn devuelva false.
func enumerar(pozo letra.Multiconjunto, k int, fn func(h []letra.Letra, peso float64) bool) {
	var ls []letra.Letra
	for l := range letra.MaxLetras {
		if pozo.Cantidad(letra.Letra(l)) > 0 {
			ls = append(ls, letra.Letra(l))
		}
	}
	h := make([]letra.Letra, 0, k)
	var rec func(i, falta int, peso float64) bool
	rec = func(i, falta int, peso float64) bool {
		if falta == 0 {
			return fn(h, peso)
		}
		if i == len(ls) {
			return true
		}
		n := pozo.Cantidad(ls[i])
		for c := min(n, falta); c >= 0; c-- {
			for range c {
				h = append(h, ls[i])
			}
			ok := rec(i+1, falta-c, peso*binomial(n, c))
			h = h[:len(h)-c]
			if !ok {
				return false
			}
		}
		return true
	}
	rec(0, k, 1)
}

func binomial(n, k int) float64 {
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

// UltimoTurno devuelve, de la partida j, lo que hace falta para inferir la
// mano del rival desde el jugador en turno: la partida antes del último
// turno (el del rival, en una partida de dos jugadores), lo que se vio de
// ese turno y las fichas que el jugador en turno no veía entonces.
// Devuelve un error que envuelve a [ErrSinTurno] si no hay tal turno.
func UltimoTurno(j *juego.Juego) (*juego.Juego, Turno, letra.Multiconjunto, error) {
	var s juego.Suceso
	sucesos := j.Sucesos()
	hay := false
	for i := len(sucesos) - 1; i >= 0; i-- {
		if sucesos[i].Tipo <= juego.SucesoCambio {
			s, hay = sucesos[i], sucesos[i].Tiempo == j.Tiempo()-1
			break
		}
	}
	if _, fin := j.Terminada(); fin || !hay || j.Jugadores() != 2 || s.Jugador == j.Turno() {
		return nil, Turno{}, letra.Multiconjunto{}, ErrSinTurno
	}
	v := j.Variante()
	p := j.Posicion()
	t, err := tablero.Nuevo(v.TamanoTablero(), v.Alfabeto())
	if err != nil {
		return nil, Turno{}, letra.Multiconjunto{}, fmt.Errorf("%w: %w", ErrSinTurno, err)
	}
	for f := range p.Tablero.Fichas() {
		if !s.Jugada.Pertenece(f) {
			if t, err = t.Poner(f); err != nil {
				return nil, Turno{}, letra.Multiconjunto{}, fmt.Errorf("%w: %w", ErrSinTurno, err)
			}
		}
	}
	p.Tablero, p.Turno, p.Repositorio = t, s.Jugador, nil
	p.Puntajes[s.Jugador] -= s.Puntos
	p.Manos[s.Jugador] = s.Mano // solo para que la posición sea válida
	if p.SinPuntos > 0 {
		p.SinPuntos-- // el turno no sumó puntos
	}
	antes, err := juego.DesdePosicion(v, p)
	if err != nil {
		return nil, Turno{}, letra.Multiconjunto{}, fmt.Errorf("%w: %w", ErrSinTurno, err)
	}
	yo := 1 - s.Jugador
	mia, _ := antes.Fichas(yo)
	noVistas := v.Distribucion().Diferencia(t.DeLaMano()).Diferencia(mia)
	return antes, TurnoDe(s), noVistas, nil
}
