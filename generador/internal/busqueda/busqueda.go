// Package busqueda es lo común a los generadores de jugadas (el GADDAG de
// generador y los métodos por intervalos de generador/internal/intervalos):
// lo que se sabe de la variante, el tablero con sus conjuntos cruzados
// junto por celda, la mano, las fichas puestas de la jugada en curso, el
// reparto de los comodines, el puntaje y la entrega de cada jugada
// (contarla, compararla con la mejor o pasarla a quien recorre).
//
// Un generador embebe un [Estado] y hace su búsqueda sobre él: para cada
// generación llama a [Estado.Empezar] y a [Estado.Preparar], pone las
// fichas de cada jugada que encuentra en [Estado.Puestas] y la entrega con
// [Estado.Terminar] (o [Estado.Emitir] si ya eligió los comodines).
package busqueda

import (
	"cmp"
	"math/bits"

	"github.com/juegodepalabras/palabras/generador/internal/cruces"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Config es lo que el generador sabe de su variante: no cambia después de
// [Estado.Iniciar].
type Config struct {
	V        *variante.Variante
	N        int
	Letras   uint64 // el alfabeto: lo que puede representar un comodín
	Valor    [letra.MaxLetras]int
	Fichas   int
	Bingo    int
	Conexion bool
	Centro   int // fila·N + columna
	Reglas   cruces.Reglas

	// Premios por dirección, en el orden de las líneas de esa dirección:
	// la celda k de la línea i es i·N + k (fila i, columna k en la
	// dirección 0, horizontal; fila k, columna i en la 1, vertical).
	PorLetra   [2][]int
	PorPalabra [2][]int
	// Simetrica: los premios y el centro no cambian al trasponer el
	// tablero (fila por columna), como en el tablero clásico.
	Simetrica bool
}

// Celda es lo que la búsqueda sabe de una celda en una dirección: lo que
// cruces.Tablero guarda en siete arreglos, junto, para que la búsqueda lea
// todo lo de una celda de una vez (una línea de caché).
type Celda struct {
	Cruce   uint64 // el conjunto cruzado si está libre; 0 si está ocupada
	Lleva   uint64 // si está ocupada, el bit de su letra; 0 si está libre
	Cruzada int    // la suma de la palabra cruzada, −1 si no hay
	Letra   letra.Letra
	Comodin bool
	// Ancla: la búsqueda del GADDAG parte de esta celda (ver juntar).
	Ancla bool
	// Tope: yendo hacia la izquierda, el GADDAG no pone una ficha en esta
	// celda libre: es un ancla, o la celda de su izquierda está ocupada.
	Tope   bool
	LM, WM uint8 // premios de letra y de palabra
	// IzqLibre y DerLibre: la celda de la izquierda (de la derecha) en la
	// línea está libre o no existe; la búsqueda los lee a cada paso.
	IzqLibre, DerLibre bool
}

// Modo es qué se hace con cada jugada encontrada.
type Modo uint8

// Los modos de una generación.
const (
	Contar      Modo = iota // contarla
	BuscarMejor             // compararla con la mejor hasta ahora
	Entregar                // pasarla a quien recorre
	// MejoresPorEquidad: guardarla si está entre las mejores por equidad
	// (ver [Equidad]).
	MejoresPorEquidad
)

// Puesta es una ficha de la mano puesta en la jugada en curso.
type Puesta struct {
	Pos     int32 // en la línea
	Letra   letra.Letra
	Forzado bool // la mano no tenía otra ficha de la letra: va un comodín
	Comodin bool // en la jugada que se emite, la ficha es un comodín
}

// Estado es el estado de un generador: su [Config], la copia del tablero
// del último juego que vio con sus cruces (se actualiza solo donde hubo
// jugadas nuevas), la mano y la jugada en curso, y qué hacer con cada
// jugada. No es seguro para usar desde varias gorutinas a la vez.
//
// Los campos que la búsqueda lee a cada paso van primero, juntos.
type Estado struct {
	// La jugada en curso: la dirección y la primera celda de su línea, las
	// celdas de esa dirección, y las fichas puestas (Puestas[:NP]), las
	// Izquierda primeras de derecha a izquierda y las demás de izquierda
	// a derecha, Forzados de ellas con comodines forzados.
	Celdas    []Celda
	Base, Dir int
	linea     int      // la línea: Base = linea·N
	Puestas   []Puesta // len(Puestas) ≥ Total
	NP        int
	Forzados  int
	Izquierda int

	// La mano que queda durante la búsqueda.
	Mascara   uint64 // letras con Cant > 0
	Comodines int    // comodines que quedan
	// Vetados: en la búsqueda por equidad desde un ancla, los comodines
	// que no hace falta poner ([Equidad.ComodinesVetados]); 0 si no.
	Vetados int

	// La salida.
	Modo   Modo
	Parar  bool // quien recorre cortó: no se entrega nada más
	Espejo bool // ver [Estado.Emitir]
	Cuenta int  // jugadas encontradas
	// Minimo: [Estado.Terminar] no entrega las jugadas de menos fichas (el
	// GADDAG entrega aparte las de una sola); 1 salvo que se cambie.
	Minimo        int
	ComodinesMano int                  // los comodines de la mano al empezar
	Cant          [letra.MaxLetras]int // fichas de cada letra que quedan

	Config
	Total int // fichas en la mano
	// CantMano: las fichas de cada letra de la mano al empezar.
	CantMano  [letra.MaxLetras]int
	Tablero   cruces.Tablero
	CeldasDir [2][]Celda // el tablero junto por celda, en cada dirección
	// Version cambia cada vez que cambian las celdas (CeldasDir): quien
	// guarde algo calculado de ellas sabe cuándo rehacerlo.
	Version int
	// BitsAnclas[d] tiene el bit p encendido si CeldasDir[d][p].Ancla; y
	// BitsSueltas, el bit p (fila·N + columna) si en la celda p puede ir
	// una jugada de una ficha: está libre y, con la regla de conexión,
	// tiene una palabra cruzada en alguna dirección. Se mantienen con las
	// celdas, así el generador las recorre sin mirar el tablero entero.
	BitsAnclas  [2][]uint64
	BitsSueltas []uint64

	// Eq: las hojas y las mejores jugadas del modo MejoresPorEquidad.
	Eq Equidad

	// Restringida: la búsqueda mira solo las jugadas de dos fichas o más
	// en las líneas de Lineas (el bit i de Lineas[d]: la línea i de la
	// dirección d) y las de una ficha en una celda cuya fila o columna
	// está en ellas (el generador las respeta al listar las anclas y las
	// celdas sueltas); sin Espejo. De las de dos fichas o más, puede
	// dejar fuera las que no tocan una celda de Marcas (ver
	// [Estado.Marcada]). Con ConPiso, en el modo MejoresPorEquidad el
	// umbral empieza en Piso: las jugadas de menos equidad pueden no
	// encontrarse.
	Restringida bool
	Lineas      [2][]uint64
	// Marcas[d] tiene el bit i·N + k encendido si la celda k de la línea i
	// de la dirección d está marcada (la celda cambió: quien marca las
	// celdas marca también sus líneas en Lineas).
	Marcas  [2][]uint64
	ConPiso bool
	Piso    float64

	entregar func([]ocurrencia.Ficha, int) bool
	salida   []ocurrencia.Ficha
	mejor    []ocurrencia.Ficha
	mejorPts int
	// falta: por letra, cuántas de las fichas puestas deben ser comodines
	// todavía (al repartir los comodines de una jugada).
	falta [letra.MaxLetras]int
	// otraLetra: las celdas que cambiaron de letra en el último Hacer o
	// Deshacer (hacer.go).
	otraLetra []int
	// guardadas: lo que había en las celdas que rearmó cada Hacer sin
	// deshacer, desde marcosCeldas[i] la del i-ésimo (ver Deshacer);
	// guardando, el Hacer en curso las anota.
	guardadas    []celdaGuardada
	marcosCeldas []int
	guardando    bool
}

// Iniciar prepara e para los juegos de v, con el tablero vacío.
func (e *Estado) Iniciar(v *variante.Variante) {
	n := v.TamanoTablero()
	c := Config{V: v, N: n, Fichas: v.Fichas(), Bingo: v.Bingo(), Conexion: v.Conexion()}
	for l := range v.Alfabeto().Tamano() {
		c.Letras |= 1 << l
		c.Valor[l] = v.PuntajeLetra(letra.Letra(l))
	}
	f, col := v.Centro()
	c.Centro = f*n + col
	for d := range 2 {
		c.PorLetra[d] = make([]int, n*n)
		c.PorPalabra[d] = make([]int, n*n)
		for i := range n {
			for k := range n {
				ff, cc := i, k
				if d == 1 {
					ff, cc = k, i
				}
				p := v.Premio(ff, cc)
				c.PorLetra[d][i*n+k] = p.PorLetra()
				c.PorPalabra[d][i*n+k] = p.PorPalabra()
			}
		}
	}
	c.Simetrica = f == col
	for p := range n * n {
		c.Simetrica = c.Simetrica && c.PorLetra[0][p] == c.PorLetra[1][p] && c.PorPalabra[0][p] == c.PorPalabra[1][p]
	}
	c.Reglas = cruces.Reglas{Lexico: v.Lexico(), Letras: c.Letras, Valor: c.Valor, Conexion: c.Conexion, Centro: c.Centro}
	*e = Estado{Config: c, Minimo: 1}
	e.Tablero.Iniciar(n)
	for d := range 2 {
		e.CeldasDir[d] = make([]Celda, n*n)
		e.BitsAnclas[d] = make([]uint64, (n*n+63)/64)
	}
	e.BitsSueltas = make([]uint64, (n*n+63)/64)
	for d := range 2 {
		e.Lineas[d] = make([]uint64, (n+63)/64)
		e.Marcas[d] = make([]uint64, (n*n+63)/64)
	}
}

// Marcar marca la celda p (fila·N + columna) en Marcas, en las dos
// direcciones, y su fila y su columna en Lineas.
func (e *Estado) Marcar(p int) {
	n := e.N
	f, c := p/n, p%n
	pt := c*n + f
	e.Marcas[0][p>>6] |= 1 << (p & 63)
	e.Marcas[1][pt>>6] |= 1 << (pt & 63)
	e.Lineas[0][f>>6] |= 1 << (f & 63)
	e.Lineas[1][c>>6] |= 1 << (c & 63)
}

// Desmarcar vacía Marcas y Lineas.
func (e *Estado) Desmarcar() {
	for d := range 2 {
		clear(e.Lineas[d])
		clear(e.Marcas[d])
	}
}

// Marcada informa si alguna celda k de la línea i de la dirección d, con
// a ≤ k ≤ b (recortado al tablero), está en Marcas. Una jugada de dos
// fichas o más cuya palabra principal va de la celda a a la b de su línea
// depende solo de las celdas a−1 a b+1 de esa línea (sus letras, y los
// conjuntos cruzados y las palabras cruzadas de las libres): si ninguna
// cambió, la jugada es la misma, con los mismos puntos.
func (e *Estado) Marcada(d, i, a, b int) bool {
	n := e.N
	a, b = max(a, 0), min(b, n-1)
	if a > b {
		return false
	}
	lo, hi := i*n+a, i*n+b
	m := e.Marcas[d]
	for w := lo >> 6; w <= hi>>6; w++ {
		x := m[w]
		if w == lo>>6 {
			x &= ^uint64(0) << (lo & 63)
		}
		if w == hi>>6 {
			x &= ^uint64(0) >> (63 - hi&63)
		}
		if x != 0 {
			return true
		}
	}
	return false
}

// MarcasLinea devuelve los bits de Marcas de la línea i de la dirección
// d (el bit k: la celda k), si el lado del tablero es a lo sumo 64; si
// no, false.
func (e *Estado) MarcasLinea(d, i int) (uint64, bool) {
	n := e.N
	if n > 64 {
		return 0, false
	}
	lo := i * n
	m := e.Marcas[d]
	x := m[lo>>6] >> (lo & 63)
	if sh := lo & 63; sh+n > 64 {
		x |= m[lo>>6+1] << (64 - sh)
	}
	if n < 64 {
		x &= 1<<n - 1
	}
	return x, true
}

// EnLineas informa si la línea i de la dirección d está en Lineas.
func (e *Estado) EnLineas(d, i int) bool {
	return e.Lineas[d][i>>6]&(1<<(i&63)) != 0
}

// Empezar prepara una generación en el modo m; entregar recibe cada jugada
// en el modo Entregar (con las fichas en memoria de e, que valen hasta la
// siguiente) y devuelve false para cortar.
func (e *Estado) Empezar(m Modo, entregar func(fichas []ocurrencia.Ficha, puntos int) bool) {
	e.Modo, e.entregar = m, entregar
	e.Cuenta, e.Parar = 0, false
	e.mejor, e.mejorPts = e.mejor[:0], -1
}

// Terminado suelta la función de entrega de la última generación.
func (e *Estado) Terminado() { e.entregar = nil }

// LaMejor devuelve las fichas y los puntos de la mejor jugada de la última
// generación en el modo BuscarMejor, con memoria propia, o false si no hubo
// ninguna.
func (e *Estado) LaMejor() ([]ocurrencia.Ficha, int, bool) {
	if e.mejorPts < 0 {
		return nil, 0, false
	}
	return append([]ocurrencia.Ficha(nil), e.mejor...), e.mejorPts, true
}

// Fuente es lo que la búsqueda lee de una partida: su variante, si
// terminó y su tablero (generador.Vista la tiene).
type Fuente interface {
	cruces.Fuente
	Variante() *variante.Variante
	Terminada() (juego.Fin, bool)
}

// Preparar deja lista la búsqueda de las jugadas de la mano m en j: copia
// el tablero si cambió y carga la mano. Devuelve false, y no hay nada que
// buscar, si la partida terminó, j es de otra variante o la mano no tiene
// fichas del alfabeto.
func (e *Estado) Preparar(j Fuente, m *letra.Multiconjunto) bool {
	if _, fin := j.Terminada(); fin || j.Variante() != e.V {
		return false
	}
	e.CargarTablero(j)
	if e.ConPiso && e.Modo == MejoresPorEquidad && e.Piso > e.Eq.Umbral {
		e.Eq.Umbral = e.Piso
	}
	return e.CargarMano(m)
}

// CargarTablero copia el tablero de j, si cambió desde la última copia,
// con sus cruces y anclas. j debe ser de la variante de e.
func (e *Estado) CargarTablero(j cruces.Fuente) {
	if e.Tablero.Actualizar(&e.Reglas, j) {
		e.juntar()
	}
}

// CargarMano deja lista la búsqueda de las jugadas de la mano m sobre el
// tablero de e, el último copiado con [Estado.CargarTablero] o
// [Estado.Preparar] y cambiado con [Estado.Hacer] y [Estado.Deshacer].
// Devuelve false, y no hay nada que buscar, si la mano no tiene fichas del
// alfabeto.
func (e *Estado) CargarMano(m *letra.Multiconjunto) bool {
	e.Comodines, e.Mascara = m.Cantidad(letra.Comodin), 0
	e.ComodinesMano = e.Comodines
	total := e.Comodines
	e.Cant = [letra.MaxLetras]int{}
	// Solo las letras de la mano que son del alfabeto (las demás no pueden
	// ir al tablero), sin el comodín.
	hay := uint64(m.Soporte()) & e.Letras &^ (1 << letra.Comodin)
	for x := hay; x != 0; x &= x - 1 {
		l := bits.TrailingZeros64(x)
		c := m.Cantidad(letra.Letra(l))
		e.Cant[l] = c
		total += c
	}
	e.Mascara = hay
	if e.Total = total; total == 0 {
		return false
	}
	e.CantMano = e.Cant
	e.NP, e.Forzados, e.Izquierda = 0, 0, 0
	if len(e.Puestas) < total {
		e.Puestas = make([]Puesta, total)
		e.salida = make([]ocurrencia.Ficha, 0, total)
		e.mejor = make([]ocurrencia.Ficha, 0, total)
	}
	e.Espejo = e.Simetrica && e.Tablero.Simetrico && !e.Restringida
	return true
}

// juntar copia el tablero, con sus cruces, a las celdas de cada dirección,
// y marca las anclas del GADDAG. Cuesta O(N²): se hace cuando el tablero
// cambió.
//
// Las anclas son las de Macondo y MAGPIE, no las de Gordon: en cada línea,
// la última ficha de cada tramo de fichas seguidas, y las celdas libres
// que cruces.Tablero marca (vecinas de una ficha, el centro, o todas con
// las reglas de la especificación) cuyas dos vecinas de la línea están
// libres. Partir de la última ficha de un tramo lee primero, hacia la
// izquierda, las letras que ya están: el GADDAG poda enseguida, en vez de
// probar cada letra de la mano en la celda vecina al tramo.
//
// Cada jugada sale una vez, de la primera ancla de su palabra principal:
// toda palabra de una jugada contiene un tramo entero o, si no toca
// ninguno, una ficha puesta en un ancla libre; y hacia la izquierda no se
// pone una ficha en un ancla ni junto a un tramo (Tope), que es lo que
// haría falta para llegar a otra ancla anterior de la misma palabra.
func (e *Estado) juntar() {
	e.Version++
	for d := range 2 {
		for p := range e.N * e.N {
			e.rearmar(d, p)
		}
	}
	for p := range e.N * e.N {
		e.rearmarSuelta(p)
	}
}

// rearmar vuelve a armar la celda p de la dirección d (celda) y su bit de
// BitsAnclas.
func (e *Estado) rearmar(d, p int) {
	if e.guardando {
		e.guardadas = append(e.guardadas, celdaGuardada{c: e.CeldasDir[d][p], p: int32(p), d: int8(d)})
	}
	c := e.celda(d, p)
	e.CeldasDir[d][p] = c
	if c.Ancla {
		e.BitsAnclas[d][p>>6] |= 1 << (p & 63)
	} else {
		e.BitsAnclas[d][p>>6] &^= 1 << (p & 63)
	}
}

// rearmarSuelta vuelve a calcular el bit p (fila·N + columna) de
// BitsSueltas.
func (e *Estado) rearmarSuelta(p int) {
	t, n := &e.Tablero, e.N
	if e.guardando {
		e.guardadas = append(e.guardadas, celdaGuardada{p: int32(p), d: -1, suelta: e.BitsSueltas[p>>6]&(1<<(p&63)) != 0})
	}
	aislada := t.Cruzada[0][p] < 0 && t.Cruzada[1][p%n*n+p/n] < 0
	if t.Letras[0][p] == 0 && !(aislada && e.Conexion) {
		e.BitsSueltas[p>>6] |= 1 << (p & 63)
	} else {
		e.BitsSueltas[p>>6] &^= 1 << (p & 63)
	}
}

// celda devuelve la celda p de la dirección d, armada con lo que dice el
// tablero de ella y de sus vecinas de la línea (ver juntar).
func (e *Estado) celda(d, p int) Celda {
	t, n := &e.Tablero, e.N
	k := p % n
	c := Celda{
		Cruce: t.Cruce[d][p], Cruzada: t.Cruzada[d][p],
		Letra: t.Letras[d][p], Comodin: t.Comodin[d][p],
		LM: uint8(e.PorLetra[d][p]), WM: uint8(e.PorPalabra[d][p]),
	}
	izq := k > 0 && t.Letras[d][p-1] != 0
	der := k+1 < n && t.Letras[d][p+1] != 0
	c.IzqLibre, c.DerLibre = !izq, !der
	if c.Letra != 0 {
		c.Cruce, c.Lleva = 0, 1<<(c.Letra-1)
		c.Ancla = !der
		return c
	}
	c.Ancla = t.Ancla[d][p] && !izq && !der
	c.Tope = c.Ancla || izq
	return c
}

// Linea fija la línea de la jugada en curso: la i de la dirección d.
func (e *Estado) Linea(d, i int) {
	e.Dir, e.Base, e.Celdas, e.linea = d, i*e.N, e.CeldasDir[d], i
}

// Terminar entrega la jugada de las fichas puestas si son al menos Minimo.
// Vale suma·mult + cruces si ninguna es un comodín (suma: la de la palabra
// principal; mult: su premio de palabra; cruces: los puntos de las
// palabras cruzadas), más el bingo si pone F fichas. Con comodines en la
// mano, cada forma de elegir cuáles fichas son comodines es una jugada
// (ver comodines.go).
func (e *Estado) Terminar(suma, mult, cruces int) {
	if e.NP < e.Minimo {
		return
	}
	pts := suma*mult + cruces
	if e.NP == e.Fichas {
		pts += e.Bingo
	}
	if e.ComodinesMano == 0 {
		e.Emitir(pts)
		return
	}
	e.conComodines(pts, mult)
}

// Entregar da las fichas fs con sus puntos a la función de entrega del modo
// Entregar (la de Empezar), para las búsquedas que arman la jugada por su
// cuenta (la primera jugada); devuelve false si hay que parar.
func (e *Estado) Entregar(fs []ocurrencia.Ficha, pts int) bool {
	return e.entregar(fs, pts)
}

// Emitir entrega la jugada de las fichas puestas, con sus comodines ya
// elegidos, que vale pts: primero las de la parte izquierda, puestas de
// derecha a izquierda, y luego las de la derecha. Con Espejo (el tablero
// es simétrico y la búsqueda mira solo las jugadas horizontales) entrega
// además la jugada traspuesta, con los mismos puntos, si es de dos fichas
// o más.
func (e *Estado) Emitir(pts int) {
	if e.Parar { // quien recorre ya cortó: no se le entrega nada más
		return
	}
	espejo := e.Espejo && e.NP > 1
	e.Cuenta++
	if espejo {
		e.Cuenta++
	}
	switch e.Modo {
	case Contar:
		return
	case BuscarMejor:
		if pts < e.mejorPts {
			return
		}
		// Entre jugadas de igual puntaje, la menor según sus fichas
		// (generador.Comparar), sea cual sea el orden de la búsqueda.
		cand := e.ordenar(e.salida[:0])
		if espejo && traspuestaMenor(cand) {
			trasponer(cand)
		}
		if pts == e.mejorPts && CompararFichas(cand, e.mejor) >= 0 {
			e.salida = cand
			return
		}
		e.mejorPts = pts
		e.salida, e.mejor = e.mejor, cand
	case MejoresPorEquidad:
		e.emitirEquidad(pts, espejo)
	case Entregar:
		e.salida = e.ordenar(e.salida[:0])
		if !e.entregar(e.salida, pts) {
			e.Parar = true
			return
		}
		if espejo {
			trasponer(e.salida)
			if !e.entregar(e.salida, pts) {
				e.Parar = true
			}
		}
	}
}

// ordenar agrega a dst las fichas de la jugada en curso, en orden a lo
// largo de su línea.
func (e *Estado) ordenar(dst []ocurrencia.Ficha) []ocurrencia.Ficha {
	np, iz := e.NP, e.Izquierda
	if cap(dst) < len(dst)+np {
		dst = append(make([]ocurrencia.Ficha, 0, len(dst)+np), dst...)
	}
	n := len(dst)
	dst = dst[:n+np]
	out, ps := dst[n:], e.Puestas[:np]
	for k := range out {
		p := &ps[k]
		if k < iz {
			p = &ps[iz-1-k]
		}
		out[k] = ocurrencia.Ficha{Fila: e.linea, Columna: int(p.Pos), Letra: p.Letra, Comodin: p.Comodin}
	}
	if e.Dir == 1 {
		trasponer(out)
	}
	return dst
}

// trasponer cambia filas por columnas en las fichas fs.
func trasponer(fs []ocurrencia.Ficha) {
	for i, f := range fs {
		fs[i].Fila, fs[i].Columna = f.Columna, f.Fila
	}
}

// traspuestaMenor informa si la jugada de las fichas fs (dos o más, en
// orden) traspuesta es menor que ella según CompararFichas. Basta mirar la
// primera ficha: horizontal, en (f, c), la traspuesta empieza en (c, f) y
// es menor si c < f (si c = f, la segunda ficha de la horizontal, (f,
// f+1), es menor que la de la traspuesta, (f+1, f)); vertical, al revés, y
// con c = f gana la traspuesta.
func traspuestaMenor(fs []ocurrencia.Ficha) bool {
	f, c := fs[0].Fila, fs[0].Columna
	if fs[1].Fila == f { // horizontal
		return c < f
	}
	return c <= f
}

// CompararFichas compara dos jugadas de igual puntaje por sus fichas, en
// orden, una a una por fila, columna, letra y comodín (la ficha sin comodín
// antes), y la más corta antes si una es prefijo de la otra: el desempate
// de generador.Comparar, que todo generador respeta en Mejor.
func CompararFichas(a, b []ocurrencia.Ficha) int {
	for i := range min(len(a), len(b)) {
		x, y := a[i], b[i]
		switch {
		case x.Fila != y.Fila:
			return cmp.Compare(x.Fila, y.Fila)
		case x.Columna != y.Columna:
			return cmp.Compare(x.Columna, y.Columna)
		case x.Letra != y.Letra:
			return cmp.Compare(x.Letra, y.Letra)
		case x.Comodin != y.Comodin:
			if y.Comodin {
				return -1
			}
			return 1
		}
	}
	return cmp.Compare(len(a), len(b))
}
