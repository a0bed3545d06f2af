package final

import (
	"slices"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// claves son las claves de Zobrist de una variante: una por celda, letra y
// comodín, una por jugador, letra y cantidad en la mano, una por turno y
// una por cantidad de turnos seguidos sin puntos.
type claves struct {
	n         int
	celda     []uint64 // (celda·MaxLetras + letra)·2 + comodín
	mano      [2][letra.MaxLetras][maxMano + 1]uint64
	turno     uint64
	sinPuntos [maxSinPuntos + 1]uint64
}

// maxMano es la mayor cantidad de fichas de una letra en una mano que
// distinguen las claves; maxSinPuntos, la de turnos sin puntos.
const (
	maxMano      = 15
	maxSinPuntos = 15
)

func nuevasClaves(n int) *claves {
	c := &claves{n: n, celda: make([]uint64, n*n*letra.MaxLetras*2)}
	estado := uint64(0x66696e616c) // "final"
	sig := func() uint64 {         // splitmix64
		estado += 0x9e3779b97f4a7c15
		z := estado
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range c.celda {
		c.celda[i] = sig()
	}
	for j := range 2 {
		for l := range letra.MaxLetras {
			for k := 1; k <= maxMano; k++ {
				c.mano[j][l][k] = sig()
			}
		}
	}
	c.turno = sig()
	for k := range c.sinPuntos {
		c.sinPuntos[k] = sig()
	}
	return c
}

// jugada es una jugada de una lista: sus fichas son pool[ini : ini+n] de
// su nivel. n = 0 es pasar.
type jugada struct {
	ini    int32
	n      int16
	puntos int16
	orden  int32 // mayor: se prueba antes
	codigo uint64
}

// nivel es la memoria de un nivel del árbol: la lista de jugadas y las
// fichas de cada una.
type nivel struct {
	jugadas []jugada
	pool    []generador.Puesta
	// La jugada hecha en este nivel, para deshacerla.
	hecha     jugada
	sinPuntos int
	// tt: las fichas de la jugada de la tabla.
	tt []generador.Puesta
	// salidas: las mejores jugadas del rival que lo dejan sin fichas en la
	// posición del nivel (ver refutar).
	salidas []salidaRival
}

// salidaRival es una jugada del rival que lo deja sin fichas: sus puntos y
// la zona del tablero de la que dependen sus palabras (sus celdas y, en
// las dos direcciones, las fichas seguidas a cada lado y la primera celda
// libre después). Una jugada que no pone ninguna ficha en la zona no le
// cambia las palabras ni los puntos.
type salidaRival struct {
	puntos int
	zona   [8]uint64 // un bit por celda: tableros de hasta 512 celdas
}

// maxSalidas es cuántas salidas del rival se guardan, las de más puntos.
const maxSalidas = 8

// salidasDelRival anota en el nivel k las jugadas con que el rival del
// jugador en turno se quedaría sin fichas si le tocara en esta posición
// (las de más puntos), generándolas en la memoria del nivel k+1.
func (w *trabajador) salidasDelRival(k int) {
	nv := &w.niveles[k]
	nv.salidas = nv.salidas[:0]
	if w.n*w.n > 512 {
		return
	}
	if o := 1 - w.turno; w.fichas[o] == 1 {
		// Con una ficha, la memoria de las mejores salidas (ver uno.go)
		// puede saber ya que no tiene ninguna en este tablero.
		var l letra.Letra
		for x := range w.manos[o].Todas() {
			l = x
		}
		if _, puede, ok := w.buscarSalidaUna(w.claveTablero, l); ok && !puede {
			w.salidas++
			w.salidasVacias++
			return
		}
	}
	w.turno ^= 1
	w.generar(k+1, false, inf)
	o := w.turno
	w.turno ^= 1
	sig := &w.niveles[k+1]
	for _, m := range sig.jugadas {
		if int(m.n) == w.fichas[o] {
			s := salidaRival{puntos: int(m.puntos)}
			w.zonaDe(sig.pool[m.ini:m.ini+int32(m.n)], &s.zona)
			nv.salidas = append(nv.salidas, s)
		}
	}
	w.salidas++
	if len(nv.salidas) == 0 {
		w.salidasVacias++
	}
	slices.SortFunc(nv.salidas, func(a, b salidaRival) int { return b.puntos - a.puntos })
	nv.salidas = nv.salidas[:min(len(nv.salidas), maxSalidas)]
}

// zonaDe marca en z la zona de la jugada de fichas fs (ver salidaRival).
func (w *trabajador) zonaDe(fs []generador.Puesta, z *[8]uint64) {
	ocupada := func(p int) bool {
		if w.ocupada(p) {
			return true
		}
		for _, f := range fs {
			if int(f.Pos) == p {
				return true
			}
		}
		return false
	}
	marcar := func(p int) bool {
		z[p>>6] |= 1 << (p & 63)
		return ocupada(p)
	}
	n := w.n
	for _, f := range fs {
		p := int(f.Pos)
		fila, col := p/n, p%n
		marcar(p)
		for c := col - 1; c >= 0 && marcar(fila*n+c); c-- {
		}
		for c := col + 1; c < n && marcar(fila*n+c); c++ {
		}
		for r := fila - 1; r >= 0 && marcar(r*n+col); r-- {
		}
		for r := fila + 1; r < n && marcar(r*n+col); r++ {
		}
	}
}

// refutar devuelve una cota superior del valor, para el jugador en turno,
// de la jugada m (de fichas fs), que no termina la partida: lo que vale si
// después el rival sale con la mejor de las salidas del nivel nv que m no
// toca. Devuelve false si m las toca todas.
func (w *trabajador) refutar(nv *nivel, m jugada, fs []generador.Puesta) (int, bool) {
	for x := range nv.salidas {
		s := &nv.salidas[x]
		toca := false
		for _, f := range fs {
			if s.zona[f.Pos>>6]&(1<<(f.Pos&63)) != 0 {
				toca = true
				break
			}
		}
		if toca {
			continue
		}
		resto := w.valorMano[w.turno]
		for _, f := range fs {
			if !f.Comodin {
				resto -= w.val[f.Letra]
			}
		}
		return int(m.puntos) - s.puntos - 2*resto, true
	}
	return 0, false
}

// trabajador es el estado de un hilo de la búsqueda: su propio tablero
// (generador.Arbol), las manos, la clave de la posición y la memoria de
// cada nivel.
type trabajador struct {
	c   *compartido
	id  int
	a   *generador.Arbol
	n   int
	val [letra.MaxLetras]int // valor de cada ficha de la mano

	manos     [2]letra.Multiconjunto
	fichas    [2]int // fichas en cada mano
	valorMano [2]int // valor de las fichas de cada mano
	turno     int    // 0: el que juega en la raíz
	sinPuntos int
	clave     uint64
	// claveTablero es la clave de Zobrist de las celdas del tablero (la
	// parte de clave que no depende de las manos ni del turno).
	claveTablero uint64

	// La memoria de las mejores salidas de una ficha (ver uno.go), que
	// vale por época: cargar la cambia (el léxico puede ser otro).
	salidasUna []salidaUna
	epoca      uint32
	mejorUna   int
	puestaUna  [1]generador.Puesta
	anotarUna  func(fs []ocurrencia.Ficha, p int) bool

	niveles []nivel
	raices  []raiz
	// diferidas: las jugadas de la raíz que otro hilo estaba buscando
	// (ver buscarRaizMTD).
	diferidas []int
	nivel     int // el nivel en curso de la generación
	puestas   []generador.Puesta
	anotar    func(fs []ocurrencia.Ficha, p int) bool

	// salidasListas: las salidas del rival en la raíz (niveles[0].salidas)
	// son las de la posición cargada (ver salidasRaiz).
	salidasListas bool
	// raizPrevia: las jugadas de la raíz son las de una búsqueda anterior
	// de la misma posición, en su orden y con sus valores (ver
	// resolverVentana).
	raizPrevia bool

	podarSalidas bool
	salida       int // índice de la mejor jugada que deja la mano vacía, −1 si no hay
	umbral       int // una jugada que deja la mano vacía y vale esto o más corta la generación

	nodos int64
	// Para medir: las listas de jugadas generadas, y de ellas las de las
	// salidas del rival (salidasDelRival) y las que no hallaron ninguna.
	generaciones, salidas, salidasVacias int64
	generadas                            int // las jugadas generadas: cada tanto se mira el plazo
	parar                                bool
}

// nuevoTrabajador arma un trabajador para la variante del resolvedor.
func nuevoTrabajador(c *compartido, id int) (*trabajador, error) {
	w := &trabajador{c: c, id: id, n: c.v.TamanoTablero()}
	if err := w.usar(c.v); err != nil {
		return nil, err
	}
	for l := range letra.MaxLetras {
		w.val[l] = c.v.ValorFicha(letra.Letra(l))
	}
	w.anotarUna = w.anotarUnaDe
	w.anotar = func(fs []ocurrencia.Ficha, p int) bool {
		// Una generación entera con comodines puede costar milisegundos:
		// el plazo se mira cada tantas jugadas, y si venció la lista queda
		// a medias con w.parar en true (quien generó no la usa).
		if w.generadas++; w.generadas&63 == 0 && w.c.vencido() {
			w.parar = true
			return false
		}
		nv := &w.niveles[w.nivel]
		if w.podarSalidas && len(fs) == w.fichas[w.turno] {
			// De las que se quedan sin fichas basta la de más puntos: todas
			// terminan la partida con el mismo ajuste. Si vale el umbral,
			// corta: la búsqueda la prueba primero y corta con ella.
			sigue := p+2*w.valorMano[1-w.turno] < w.umbral
			if w.salida >= 0 {
				if int(nv.jugadas[w.salida].puntos) >= p {
					return true
				}
				nv.jugadas[w.salida].puntos = int16(p)
				ini := nv.jugadas[w.salida].ini
				for x, f := range fs {
					nv.pool[int(ini)+x] = generador.Puesta{Pos: uint16(f.Fila*w.n + f.Columna), Letra: f.Letra, Comodin: f.Comodin}
				}
				return sigue
			}
			w.salida = len(nv.jugadas)
			w.agregar(nv, fs, p)
			return sigue
		}
		w.agregar(nv, fs, p)
		return true
	}
	return w, nil
}

// agregar agrega a la lista del nivel nv la jugada de fichas fs que vale p.
func (w *trabajador) agregar(nv *nivel, fs []ocurrencia.Ficha, p int) {
	ini := len(nv.pool)
	for _, f := range fs {
		nv.pool = append(nv.pool, generador.Puesta{Pos: uint16(f.Fila*w.n + f.Columna), Letra: f.Letra, Comodin: f.Comodin})
	}
	nv.jugadas = append(nv.jugadas, jugada{ini: int32(ini), n: int16(len(fs)), puntos: int16(p)})
}

// usar hace que w genere las jugadas con el léxico de v, una variante
// igual a la del resolvedor salvo por el léxico (el podado de un final).
func (w *trabajador) usar(v *variante.Variante) error {
	if w.a != nil && w.a.Variante() == v {
		return nil
	}
	a, err := generador.NuevoArbol(v)
	if err != nil {
		return err
	}
	w.a = a
	return nil
}

// cargar pone en w la posición de j (de dos jugadores, con la bolsa vacía).
func (w *trabajador) cargar(j *juego.Juego, sinPuntos int) {
	w.a.Cargar(j)
	for i := range 2 {
		m, _ := j.Fichas((j.Turno() + i) % 2)
		w.manos[i] = m
		w.fichas[i], w.valorMano[i] = 0, 0
		for l := range m.Todas() {
			w.fichas[i]++
			w.valorMano[i] += w.val[l]
		}
	}
	w.turno, w.sinPuntos = 0, sinPuntos
	w.clave = w.claveDesde()
	w.claveTablero = 0
	for p := range w.n * w.n {
		if l, comodin, ok := w.a.Celda(p); ok {
			w.claveTablero ^= w.c.claves.celda[w.indiceCelda(p, l, comodin)]
		}
	}
	w.epoca++
	w.salidasListas = false
}

// claveDesde calcula la clave de la posición desde cero.
func (w *trabajador) claveDesde() uint64 {
	c := w.c.claves
	var k uint64
	for p := range w.n * w.n {
		if l, comodin, ok := w.a.Celda(p); ok {
			k ^= c.celda[w.indiceCelda(p, l, comodin)]
		}
	}
	for i := range 2 {
		for l := range letra.MaxLetras {
			k ^= c.mano[i][l][min(w.manos[i].Cantidad(letra.Letra(l)), maxMano)]
		}
	}
	if w.turno == 1 {
		k ^= c.turno
	}
	return k ^ c.sinPuntos[min(w.sinPuntos, maxSinPuntos)]
}

func (w *trabajador) indiceCelda(p int, l letra.Letra, comodin bool) int {
	i := (p*letra.MaxLetras + int(l)) * 2
	if comodin {
		i++
	}
	return i
}

// sacar quita de la mano del jugador i una ficha l y actualiza la clave.
func (w *trabajador) sacar(i int, l letra.Letra) {
	c := &w.c.claves.mano[i][l]
	k := w.manos[i].Cantidad(l)
	w.clave ^= c[min(k, maxMano)] ^ c[min(k-1, maxMano)]
	w.manos[i].Sacar(l)
	w.fichas[i]--
	w.valorMano[i] -= w.val[l]
}

// devolver agrega a la mano del jugador i una ficha l.
func (w *trabajador) devolver(i int, l letra.Letra) {
	c := &w.c.claves.mano[i][l]
	k := w.manos[i].Cantidad(l)
	w.clave ^= c[min(k, maxMano)] ^ c[min(k+1, maxMano)]
	w.manos[i].Agregar(l)
	w.fichas[i]++
	w.valorMano[i] += w.val[l]
}

// fijarSinPuntos cambia la cantidad de turnos seguidos sin puntos.
func (w *trabajador) fijarSinPuntos(s int) {
	c := &w.c.claves.sinPuntos
	w.clave ^= c[min(w.sinPuntos, maxSinPuntos)] ^ c[min(s, maxSinPuntos)]
	w.sinPuntos = s
}

// deLaMano es la letra que la puesta f saca de la mano: la suya, o
// letra.Comodin si es un comodín.
func deLaMano(f generador.Puesta) letra.Letra {
	if f.Comodin {
		return letra.Comodin
	}
	return f.Letra
}

// hacer hace la jugada m (de fichas fs; ninguna si pasa) del jugador en
// turno, que no termina la partida, y pasa el turno.
func (w *trabajador) hacer(nv *nivel, m jugada, fs []generador.Puesta) {
	nv.hecha, nv.sinPuntos = m, w.sinPuntos
	i := w.turno
	for _, f := range fs {
		w.sacar(i, deLaMano(f))
		c := w.c.claves.celda[w.indiceCelda(int(f.Pos), f.Letra, f.Comodin)]
		w.clave ^= c
		w.claveTablero ^= c
	}
	if len(fs) > 0 {
		w.a.Hacer(fs)
	}
	if m.puntos == 0 {
		w.fijarSinPuntos(w.sinPuntos + 1)
	} else {
		w.fijarSinPuntos(0)
	}
	w.turno ^= 1
	w.clave ^= w.c.claves.turno
}

// claveTras devuelve la clave de la posición después de la jugada m (de
// fichas fs) del jugador en turno, sin hacerla: lo que cambiaría hacer.
func (w *trabajador) claveTras(m jugada, fs []generador.Puesta) uint64 {
	cl := w.c.claves
	k := w.clave ^ cl.turno
	i := w.turno
	for x, f := range fs {
		l := deLaMano(f)
		antes := 0 // las de la misma ficha ya sacadas
		for _, g := range fs[:x] {
			if g.Comodin == f.Comodin && (f.Comodin || g.Letra == f.Letra) {
				antes++
			}
		}
		c := w.manos[i].Cantidad(l) - antes
		k ^= cl.mano[i][l][min(c, maxMano)] ^ cl.mano[i][l][min(c-1, maxMano)]
		k ^= cl.celda[w.indiceCelda(int(f.Pos), f.Letra, f.Comodin)]
	}
	s := 0
	if m.puntos == 0 {
		s = w.sinPuntos + 1
	}
	return k ^ cl.sinPuntos[min(w.sinPuntos, maxSinPuntos)] ^ cl.sinPuntos[min(s, maxSinPuntos)]
}

// deshacer deshace la jugada hecha en el nivel nv.
func (w *trabajador) deshacer(nv *nivel, fs []generador.Puesta) {
	w.turno ^= 1
	w.clave ^= w.c.claves.turno
	w.fijarSinPuntos(nv.sinPuntos)
	if len(fs) > 0 {
		w.a.Deshacer()
	}
	i := w.turno
	for _, f := range fs {
		w.devolver(i, deLaMano(f))
		c := w.c.claves.celda[w.indiceCelda(int(f.Pos), f.Letra, f.Comodin)]
		w.clave ^= c
		w.claveTablero ^= c
	}
}

// generar llena la lista del nivel k con las jugadas del jugador en turno,
// sin pasar. Con podar, de las que dejan la mano vacía solo da la de más
// puntos, y si una vale umbral o más (con el ajuste del fin), corta ahí:
// la lista queda a medias, pero con esa jugada.
func (w *trabajador) generar(k int, podar bool, umbral int) {
	nv := &w.niveles[k]
	nv.jugadas, nv.pool = nv.jugadas[:0], nv.pool[:0]
	w.generaciones++
	w.nivel, w.podarSalidas, w.salida, w.umbral = k, podar, -1, umbral
	w.a.Jugadas(&w.manos[w.turno], w.anotar)
}

// ocupada informa si la celda p (fila·N + columna) del tablero tiene una
// ficha.
func (w *trabajador) ocupada(p int) bool {
	_, _, ok := w.a.Celda(p)
	return ok
}

// El código de una jugada, para la tabla: 0 es ninguna, codigoPasar es
// pasar; una jugada de n fichas (1 a 7) guarda n (3 bits), si es vertical
// (1), la celda de su primera ficha (11) y cada ficha (6 bits de letra y
// uno de comodín). Las celdas de las fichas se deducen del tablero: las
// libres desde la primera, en su dirección. Una jugada que no cabe (más de
// 7 fichas, tableros de más de 2048 celdas) tiene código 0.
const codigoPasar = 8

func (w *trabajador) codificar(fs []generador.Puesta) uint64 {
	n := len(fs)
	if n == 0 {
		return codigoPasar
	}
	if n > 7 || w.n*w.n > 1<<11 {
		return 0
	}
	c := uint64(n) | uint64(fs[0].Pos)<<4
	if n > 1 && int(fs[1].Pos)-int(fs[0].Pos) >= w.n {
		c |= 1 << 3
	}
	for i, f := range fs {
		x := uint64(f.Letra)
		if f.Comodin {
			x |= 1 << 6
		}
		c |= x << (15 + 7*i)
	}
	return c
}

// decodificar escribe en dst las fichas de la jugada de código c en la
// posición actual, si es posible: las celdas deben estar libres y el
// jugador en turno tener las fichas. Devuelve false si no.
func (w *trabajador) decodificar(c uint64, dst []generador.Puesta) ([]generador.Puesta, bool) {
	dst = dst[:0]
	if c == codigoPasar {
		return dst, true
	}
	n := int(c & 7)
	if n == 0 {
		return dst, false
	}
	paso := 1
	if c&(1<<3) != 0 {
		paso = w.n
	}
	p := int(c>>4) & (1<<11 - 1)
	tam := w.n * w.n
	fila := p / w.n
	mano := w.manos[w.turno]
	for i := range n {
		for p < tam && w.ocupada(p) {
			p += paso
		}
		if p >= tam || paso == 1 && p/w.n != fila {
			return dst, false
		}
		x := c >> (15 + 7*i) & 0x7f
		f := generador.Puesta{Pos: uint16(p), Letra: letra.Letra(x & 0x3f), Comodin: x&(1<<6) != 0}
		if !mano.Sacar(deLaMano(f)) {
			return dst, false
		}
		dst = append(dst, f)
		p += paso
	}
	return dst, true
}
