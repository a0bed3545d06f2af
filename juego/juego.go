package juego

import (
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Juego es una partida (el TAD JUEGO) con la representación del diseño:
//
//   - el tablero es un arreglo de N×N punteros: nil si la celda está libre,
//     o un puntero a la letra y al momento (tiempo) en que se ubicó;
//   - cada jugador tiene su puntaje, su historial de jugadas con el momento
//     de cada una (con y sin las vacías), cuántas jugadas le faltan sumar al
//     puntaje y su mano como cantidad de fichas de cada letra;
//   - el tiempo cuenta los Ubicar hechos, pasar incluido; el turno es
//     tiempo mód K (más el turno de la posición inicial, si la partida
//     empezó en una: [DesdePosicion]).
//
// El puntaje se calcula de forma perezosa: [Juego.Ubicar] solo anota la
// jugada, y [Juego.Puntaje] suma las pendientes de ese jugador mirando el
// tablero tal como estaba en su momento (las celdas con tiempo posterior no
// cuentan). Así Ubicar es O(m) además de la validación, y Puntaje es O(1 +
// m·Lmax) para las m fichas pendientes.
//
// Sus operaciones son las del TAD (Variante, Jugadores, Repositorio,
// Tablero y sus observadores de celdas, Turno, Fichas, CantidadLetra,
// Puntaje, Nuevo, Ubicar, JugadaValida, PuntajeObtenido) y las de las
// reglas clásicas (Pasar, Cambiar, Ajustar, Terminada, Sucesos, Posicion y
// DesdePosicion). El resto son ganchos para quien repite una partida
// registrada ([Juego.AsignarMano], [Juego.AsignarManos],
// [Juego.ProximasFichas], [Juego.UbicarSinLexico],
// [Juego.PalabrasIlegitimas]), para quien la analiza ([Juego.Clonar],
// [Juego.CopiarEn], [Juego.Repartir], [Juego.VersionTablero]) y para quien
// comprueba la representación ([Juego.Verificar]): necesitan la
// representación, así que viven aquí, pero no son parte del TAD.
//
// Un Juego no es seguro para usar desde varias gorutinas a la vez, ni
// siquiera para consultas: [Juego.Puntaje] actualiza el puntaje pendiente.
// El valor cero no es útil; se crea con [Nuevo].
type Juego struct {
	variante  *variante.Variante
	alfabeto  *letra.Alfabeto
	lexico    *trie.DAWG
	lmax      int
	n         int
	tablero   []*celda // fila·N + columna; nil si la celda está libre
	ocupadas  int      // fichas en el tablero
	jugadores []jugador
	tiempo    int
	primero   int // el turno en el tiempo 0
	// repartidas: las letras del repositorio que fueron a las manos al
	// empezar (K·F, o 0 desde una posición: sus manos ya estaban).
	repartidas int
	repo       []letra.Letra // el repositorio restante es repo[frente:]
	frente     int
	libres     []celda // celdas reservadas y aún sin usar, para no reservar de a una
	// bloque es el último bloque de celdas reservado (libres es su final);
	// cedido, que otro juego puede apuntar a sus celdas (Clonar, CopiarEn):
	// si no, CopiarEn lo reutiliza entero.
	bloque []celda
	cedido bool
	// repoPropio: repo no se comparte con otro juego (lo armó CopiarEn o
	// Repartir), así que Repartir puede escribirlo.
	repoPropio bool
	reserva    []letra.Letra // memoria para la bolsa de un cambio, si repoPropio
	version    uint64        // la del tablero: ver VersionTablero

	// Reglas clásicas (todas apagadas en la variante de la especificación).
	premios         *variante.Premios
	conexion        bool
	bingo           int
	turnosSinPuntos int

	inicial   letra.Multiconjunto // todas las fichas del juego: las del repositorio inicial
	desde     tablero.Tablero     // el tablero inicial: vacío, o el de la posición
	semilla   uint64              // para mezclar la bolsa después de un cambio
	sinPuntos int                 // turnos seguidos sin puntos
	fin       *Fin                // nil mientras la partida sigue
	sucesos   []Suceso
}

// celda es lo que apunta una celda ocupada: tupla(letra, nat) en el diseño,
// y si la ficha es un comodín. Las fichas de la posición inicial tienen
// tiempo −1: estaban antes de toda jugada.
type celda struct {
	letra   letra.Letra
	tiempo  int
	comodin bool
}

type jugada struct {
	o      ocurrencia.Ocurrencia
	tiempo int
}

type jugador struct {
	puntaje            int
	historial          []jugada // todas sus jugadas, pasar (y cambiar) incluido
	historialSinVacias []jugada // las que ubicaron fichas
	sinCalcular        int      // las últimas de historialSinVacias aún no sumadas
	fichas             letra.Multiconjunto
	extra              int // ajustes fuera de las jugadas: desafíos, fin de partida
	base               int // el puntaje de la posición inicial
	// total es el puntaje con todas las jugadas sumadas (las que Puntaje
	// todavía no sumó también): lo que se compara con MaxPuntaje antes de
	// aceptar una jugada o un ajuste.
	total int
}

// Nuevo empieza una partida (nuevoJuego) de k jugadores con la variante
// v y el repositorio r, una cola de letras cuyo primer elemento es el
// próximo en salir. El jugador i recibe las letras r[i·F:(i+1)·F] y el
// repositorio conserva r[k·F:] (R7). r no se retiene: se copia.
//
// Si la variante tiene bolsa (variante.Opciones.Bolsa), r es la bolsa en el orden
// en que se sacarán las fichas (variante.Variante.Repositorio la mezcla con
// una semilla): no tiene largo mínimo, y si no alcanza para todas las manos
// los últimos jugadores empiezan con menos fichas. Puede tener comodines
// (letra.Comodin) si la variante los tiene.
//
// Devuelve un error si v es nil ([ErrSinVariante]), si k no es positivo o
// es tanto que el repositorio no cabe en memoria
// (variante.ErrJugadoresInvalidos), si r tiene menos de N·N + k·F letras
// ([ErrRepositorioCorto]) o letras fuera del alfabeto de v
// ([ErrRepositorioInvalido]). Cuesta O(N² + |Σ|·k + F·k + len(r)).
func Nuevo(k int, v *variante.Variante, r []letra.Letra) (*Juego, error) {
	if v == nil {
		return nil, ErrSinVariante
	}
	if k <= 0 {
		return nil, fmt.Errorf("juego: %w: %d (K debe ser positivo)", variante.ErrJugadoresInvalidos, k)
	}
	largo, err := v.LargoRepositorio(k)
	if err != nil {
		return nil, fmt.Errorf("juego: %w", err)
	}
	if len(r) < largo {
		return nil, fmt.Errorf("%w: tiene %d letras y hacen falta al menos %d (N·N + K·F)", ErrRepositorioCorto, len(r), largo)
	}
	alf := v.Alfabeto()
	comodines := v.Distribucion().Pertenece(letra.Comodin)
	semilla := uint64(14695981039346656037) // FNV-1a del repositorio
	for i, l := range r {
		if !alf.Contiene(l) && !(l == letra.Comodin && comodines) {
			return nil, fmt.Errorf("%w: la letra %d en la posición %d", ErrRepositorioInvalido, l, i)
		}
		semilla = (semilla ^ uint64(l)) * 1099511628211
	}
	f := v.Fichas()
	j := vacio(v, k, slices.Clone(r), semilla)
	j.frente, j.repartidas = min(k*f, len(r)), min(k*f, len(r))
	j.inicial = letra.NuevoMulticonjunto(r...)
	j.desde = j.tableroVacio()
	for i := range j.jugadores {
		for _, l := range r[min(i*f, len(r)):min((i+1)*f, len(r))] {
			j.jugadores[i].fichas.Agregar(l)
		}
	}
	return j, nil
}

// vacio devuelve un juego de k jugadores de la variante v, sin fichas en el
// tablero ni en las manos, con el repositorio repo (que retiene).
func vacio(v *variante.Variante, k int, repo []letra.Letra, semilla uint64) *Juego {
	n := v.TamanoTablero()
	return &Juego{
		variante:        v,
		alfabeto:        v.Alfabeto(),
		lexico:          v.Lexico(),
		lmax:            v.LongPalabraMasLarga(),
		n:               n,
		tablero:         make([]*celda, n*n),
		jugadores:       make([]jugador, k),
		repo:            repo,
		premios:         v.Premios(),
		conexion:        v.Conexion(),
		bingo:           v.Bingo(),
		turnosSinPuntos: v.TurnosSinPuntos(),
		semilla:         semilla,
		version:         nuevaVersion(),
	}
}

// Variante devuelve la variante del juego.
func (j *Juego) Variante() *variante.Variante { return j.variante }

// Jugadores devuelve la cantidad de jugadores (#jugadores).
func (j *Juego) Jugadores() int { return len(j.jugadores) }

// Turno devuelve el número del jugador al que le toca jugar (turno), entre 0
// y Jugadores()−1.
func (j *Juego) Turno() int { return (j.primero + j.tiempo) % len(j.jugadores) }

// Tiempo devuelve la cantidad de jugadas hechas desde el comienzo, contando
// las vacías (pasar el turno).
func (j *Juego) Tiempo() int { return j.tiempo }

// Repositorio devuelve las letras que quedan en el repositorio, la próxima
// primero (repositorio). El resultado es una copia: O(N² + K·F).
func (j *Juego) Repositorio() []letra.Letra { return slices.Clone(j.repo[j.frente:]) }

// LetrasEnRepositorio devuelve cuántas letras quedan en el repositorio. Es
// O(1).
func (j *Juego) LetrasEnRepositorio() int { return len(j.repo) - j.frente }

func (j *Juego) jugador(i int) (*jugador, error) {
	if i < 0 || i >= len(j.jugadores) {
		return nil, fmt.Errorf("%w: %d (hay %d jugadores)", ErrJugadorInexistente, i, len(j.jugadores))
	}
	return &j.jugadores[i], nil
}

// Fichas devuelve la mano del jugador i (fichas). Devuelve un error que
// envuelve a [ErrJugadorInexistente] si i no es un jugador. Es O(1).
func (j *Juego) Fichas(i int) (letra.Multiconjunto, error) {
	p, err := j.jugador(i)
	if err != nil {
		return letra.Multiconjunto{}, err
	}
	return p.fichas, nil
}

// CantidadLetra devuelve cuántas fichas con la letra x tiene el jugador i
// (#LETRATIENEJUGADOR en el diseño). Es O(1).
func (j *Juego) CantidadLetra(i int, x letra.Letra) (int, error) {
	p, err := j.jugador(i)
	if err != nil {
		return 0, err
	}
	return p.fichas.Cantidad(x), nil
}

// TamanoTablero devuelve N.
func (j *Juego) TamanoTablero() int { return j.n }

// EnTablero informa si (fila, columna) es una celda del tablero
// (enTablero?).
func (j *Juego) EnTablero(fila, columna int) bool {
	return fila >= 0 && fila < j.n && columna >= 0 && columna < j.n
}

func (j *Juego) celda(fila, columna int) *celda {
	if !j.EnTablero(fila, columna) {
		return nil
	}
	return j.tablero[fila*j.n+columna]
}

// HayFicha informa si (fila, columna) está en el tablero y tiene una ficha
// (ocupada?). Es O(1).
func (j *Juego) HayFicha(fila, columna int) bool { return j.celda(fila, columna) != nil }

// Letra devuelve la letra de la ficha en (fila, columna) (letra), o false si
// la celda está libre o fuera del tablero. Para un comodín, es la letra que
// representa ([Juego.EsComodin] dice si lo es). Es O(1).
func (j *Juego) Letra(fila, columna int) (letra.Letra, bool) {
	c := j.celda(fila, columna)
	if c == nil {
		return 0, false
	}
	return c.letra, true
}

// EsComodin informa si la ficha de (fila, columna) es un comodín; false si
// no lo es, si la celda está libre o si está fuera del tablero. Es O(1).
func (j *Juego) EsComodin(fila, columna int) bool {
	c := j.celda(fila, columna)
	return c != nil && c.comodin
}

// Clonar devuelve una copia independiente del juego: lo que se haga con una
// no afecta a la otra. Sirve para explorar jugadas (un bot, un análisis) sin
// tocar la partida. Cuesta O(N² + K + T) para T jugadas hechas: las celdas
// ocupadas, las jugadas y el repositorio no cambian nunca y se comparten.
func (j *Juego) Clonar() *Juego {
	c := *j
	j.cedido, j.repoPropio = true, false
	c.bloque, c.repoPropio, c.reserva = nil, false, nil
	c.tablero = slices.Clone(j.tablero)
	c.jugadores = slices.Clone(j.jugadores)
	c.libres = nil // las celdas libres reservadas quedan para el original
	c.sucesos = conHolgura(j.sucesos)
	if j.fin != nil {
		fin := *j.fin
		c.fin = &fin
	}
	for i := range c.jugadores {
		p := &c.jugadores[i]
		p.historial = conHolgura(p.historial)
		p.historialSinVacias = conHolgura(p.historialSinVacias)
	}
	return &c
}

// conHolgura copia s en un arreglo propio con lugar para crecer.
func conHolgura[T any](s []T) []T { return append(make([]T, 0, len(s)+len(s)/4+8), s...) }

// nuevaCelda devuelve una celda para una ficha. Las reserva de a bloques: una
// celda nunca se mueve ni se libera, así que los punteros del tablero siguen
// valiendo.
func (j *Juego) nuevaCelda(f ocurrencia.Ficha) *celda {
	if len(j.libres) == 0 {
		j.libres = make([]celda, min(64, j.n*j.n))
		j.bloque, j.cedido = j.libres, false
	}
	c := &j.libres[0]
	j.libres = j.libres[1:]
	*c = celda{letra: f.Letra, tiempo: j.tiempo, comodin: f.Comodin}
	return c
}
