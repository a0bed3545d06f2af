package final

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Errores de [Resolver] y [PreFinal]: la posición no es un final que sepan
// resolver. Si la partida terminó, devuelven juego.ErrPartidaTerminada.
var (
	// ErrBolsaNoVacia: [Resolver] recibió una posición con fichas en la
	// bolsa.
	ErrBolsaNoVacia = errors.New("final: la bolsa no está vacía")
	// ErrNoPreFinal: [PreFinal] recibió una posición sin exactamente una
	// ficha en la bolsa.
	ErrNoPreFinal = errors.New("final: la bolsa no tiene exactamente una ficha")
	// ErrManoDesconocida: una mano está vacía y la partida no terminó, como
	// en un CGP que no dice la mano del rival: no se sabe qué fichas tiene.
	ErrManoDesconocida = errors.New("final: no se conoce una mano")
	// ErrJugadores: la partida no es de dos jugadores.
	ErrJugadores = errors.New("final: la partida no es de dos jugadores")
	// ErrSinFin: la variante no tiene fin de partida
	// (variante.Opciones.FinDePartida): sus partidas no terminan.
	ErrSinFin = errors.New("final: la variante no tiene fin de partida")
	// ErrOtraVariante: el juego no es de la variante del [Resolvedor].
	ErrOtraVariante = errors.New("final: el juego es de otra variante")
	// ErrOpcionFueraDeRango: una opción numérica es negativa o pasa de su
	// máximo (ver [Opciones]); [Nuevo], [Resolver] y [PreFinal] la
	// rechazan antes de reservar nada.
	ErrOpcionFueraDeRango = errors.New("final: opción fuera de rango")
)

// Los máximos de las opciones numéricas: más allá, [Nuevo] devuelve
// [ErrOpcionFueraDeRango]. Plies de más de 200 (la profundidad máxima de
// la búsqueda) se recortan a 200.
const (
	// MaxHilos: Lazy SMP no gana nada con más hilos que núcleos, y cada
	// hilo guarda su tablero y la memoria de cada nivel.
	MaxHilos = 256
	// MaxMBTabla es el máximo fijo de la tabla de transposición (4 GiB);
	// en Linux, además, no puede pasar de la mitad de la memoria del
	// sistema (MemTotal de /proc/meminfo).
	MaxMBTabla = 4096
	// MaxAlternativas: más que las jugadas de cualquier posición.
	MaxAlternativas = 1 << 16
	// MaxCandidatas: más que las jugadas de cualquier posición.
	MaxCandidatas = 1 << 16
)

// maxMBTabla es el máximo de Opciones.MBTabla en esta máquina.
func maxMBTabla() int {
	if mb := memoriaSistemaMB(); mb > 0 {
		return min(MaxMBTabla, mb/2)
	}
	return MaxMBTabla
}

// memoriaSistemaMB devuelve la memoria del sistema en megabytes según
// /proc/meminfo, o 0 si no se puede leer.
func memoriaSistemaMB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 1<<16))
	for sc.Scan() {
		campos := strings.Fields(sc.Text())
		if len(campos) >= 2 && campos[0] == "MemTotal:" {
			kb, err := strconv.Atoi(campos[1])
			if err != nil {
				return 0
			}
			return kb / 1024
		}
	}
	return 0
}

// validar devuelve por qué op no es aceptable, o nil.
func (op Opciones) validar() error {
	fuera := func(nombre string, v, maximo int) error {
		if v < 0 || v > maximo {
			return fmt.Errorf("%w: %s = %d (de 0 a %d)", ErrOpcionFueraDeRango, nombre, v, maximo)
		}
		return nil
	}
	return errors.Join(
		fuera("Plies", op.Plies, math.MaxInt),
		fuera("Hilos", op.Hilos, MaxHilos),
		fuera("Alternativas", op.Alternativas, MaxAlternativas),
		fuera("MBTabla", op.MBTabla, maxMBTabla()),
		fuera("MBPreFinal", op.MBPreFinal, maxMBTabla()),
		fuera("Candidatas", op.Candidatas, MaxCandidatas),
	)
}

// Opciones configuran la búsqueda. El valor cero es la búsqueda por
// omisión: sin límite de plies, en todos los núcleos, sin alternativas.
// Ninguna opción numérica puede ser negativa ni pasar de su máximo
// ([MaxHilos], [MaxMBTabla], …): [Nuevo] devuelve entonces
// [ErrOpcionFueraDeRango].
type Opciones struct {
	// Plies limita la profundidad de la búsqueda (jugadas y pases); 0 es
	// sin límite. Si el final necesita más, el resultado no es probado.
	Plies int
	// Hilos es cuántos hilos buscan a la vez; 0 es runtime.GOMAXPROCS(0)
	// (a lo sumo MaxHilos).
	Hilos int
	// Alternativas pide el valor exacto de las mejores primeras jugadas,
	// hasta esa cantidad ([Resultado.Alternativas]); 0 o 1, solo la mejor.
	Alternativas int
	// MBTabla es el tamaño de la tabla de transposición en megabytes; 0
	// es 64. El máximo es MaxMBTabla, o la mitad de la memoria del
	// sistema si es menos.
	MBTabla int
	// SinTransposicion y SinOrden apagan la tabla de transposición y el
	// orden de las jugadas (se prueban en el orden del generador): sirven
	// para medir cuánto aporta cada técnica.
	SinTransposicion, SinOrden bool
	// Candidatas es cuántas jugadas evalúa [Resolvedor.PreFinal]: las de
	// más puntos; 0 es 10.
	Candidatas int
	// PreFinalExacto hace que [Resolvedor.PreFinal] resuelva exactos los
	// finales de todas las candidatas, sin descartar ninguna por cotas
	// (Candidata.Cota): más lento, con la Diferencia exacta de cada una.
	PreFinalExacto bool
	// MBPreFinal es hasta cuántos megabytes [Resolvedor.PreFinal] puede
	// agrandar la tabla de transposición cuando un final necesita más
	// nodos de los que caben en ella (entre una ronda de búsquedas y la
	// siguiente, con las entradas que tenía): los prefinales fáciles no
	// pagan una tabla grande y los difíciles no se quedan sin tabla. 0 es
	// 8 veces MBTabla (a lo sumo el máximo de MBTabla); si es menos que
	// MBTabla, la tabla no crece. El máximo es el de MBTabla.
	MBPreFinal int

	// topeNodos, si es positivo, para cada hilo después de esa cantidad de
	// nodos (solo para las pruebas: con un hilo, los nodos no dependen de
	// la carga de la máquina).
	topeNodos int64
	// topePreFinal, si es positivo, es el tope de nodos de la primera
	// búsqueda de cada final de PreFinal (solo para las pruebas).
	topePreFinal int64
}

// Paso es una jugada de la línea de un final: quién la hace, qué fichas
// pone (ninguna si pasa), cuántos puntos suma y cómo se escribe en la
// notación de juego/notacion ("8D WORD", "-").
type Paso struct {
	Jugador int
	Jugada  ocurrencia.Ocurrencia
	Puntos  int
	Texto   string
}

// String escribe el paso como "8D WORD +20" o "- +0".
func (p Paso) String() string { return fmt.Sprintf("%s +%d", p.Texto, p.Puntos) }

// Alternativa es una primera jugada con su valor: la diferencia de puntos
// final, desde el jugador en turno, si la hace y después se juega lo
// mejor.
type Alternativa struct {
	Paso  Paso
	Valor int
}

// Resultado es lo que da [Resolver].
type Resultado struct {
	// Valor es cuánto cambia la diferencia de puntos entre el jugador en
	// turno y su rival de aquí al fin de la partida, ajustes finales
	// incluidos, si los dos juegan lo mejor.
	Valor int
	// Linea es la mejor secuencia: hasta el fin de la partida si Probado.
	Linea []Paso
	// Probado: Valor es exacto. Si no (el plazo del contexto o el límite
	// de plies cortaron la búsqueda), es el de la búsqueda más profunda
	// que terminó.
	Probado bool
	// Plies es la profundidad de la búsqueda más profunda que terminó: la
	// profundización iterativa prueba unos pocos plies y después busca
	// sin horizonte (200 plies, o Opciones.Plies si es menor).
	Plies int
	// Nodos es cuántas posiciones se visitaron, en todos los hilos (y al
	// armar la línea).
	Nodos int64
	// Alternativas son las mejores primeras jugadas con su valor exacto
	// (si Probado), de mejor a peor, si se pidieron
	// ([Opciones.Alternativas]).
	Alternativas []Alternativa
}

// Resolvedor resuelve finales de una variante. Guarda su tabla de
// transposición y la memoria de sus hilos de un final al siguiente (el bot
// usa uno por partida). No es seguro para usar desde varias gorutinas a la
// vez.
type Resolvedor struct {
	c    *compartido
	trab []*trabajador
	gen  *generador.GADDAG // las candidatas de PreFinal, al usarlo
	// aux son los Resolvedores de un hilo con que PreFinal resuelve
	// finales en paralelo, con la tabla de este.
	aux []*Resolvedor
}

// compartido es lo que comparten los hilos de un Resolvedor.
type compartido struct {
	v      *variante.Variante
	claves *claves
	// tabla es la tabla de transposición: nil hasta reservarla (ver
	// reservarTabla) o con SinTransposicion.
	tabla   atomic.Pointer[tabla]
	reserva sync.Once
	// mbInicial, si es positivo, son los megabytes de la tabla si se
	// reserva ahora en lugar de MBTabla (PreFinal empieza con una chica y
	// la agranda; Resolver la lleva a MBTabla).
	mbInicial int
	op        Opciones
	limite    int // turnos seguidos sin puntos que terminan la partida
	parar     atomic.Bool
	// plazo es el del contexto de la búsqueda en curso (cero: sin plazo):
	// los hilos lo miran con el reloj además de parar, porque en una
	// máquina cargada el vigía que pone parar puede tardar en correr.
	plazo time.Time
	// ventana es la de la búsqueda en curso: la búsqueda sin horizonte
	// para en cuanto prueba que el valor es a lo sumo ventana[0] o al
	// menos ventana[1] (−inf, inf: el valor exacto).
	ventana [2]int
	// unPly: la búsqueda sin horizonte empieza después de la de 1 ply,
	// sin la de 2 (PreFinal, la primera vez que busca un final: la de 2
	// plies cuesta más que la de muchos finales fáciles).
	unPly bool
	// probadas son las cotas del valor que probó la búsqueda en curso
	// (con mu): −inf, inf si ninguna.
	probadas [2]int

	mu    sync.Mutex
	mejor iteracion // la búsqueda más profunda terminada

	// ocupadas son las claves de los hijos de la raíz que algún hilo está
	// buscando (nil con un hilo), una por lugar (clave & (len−1)): en
	// cada pasada de MTD(f), un hilo deja para el final de la pasada las
	// jugadas de la raíz que llevan a una posición ocupada y busca otras,
	// en lugar de repetir el mismo árbol que el otro (como ABDADA, solo en
	// la raíz). Es solo un orden: todas se buscan.
	ocupadas []atomic.Uint64
}

// ocupar anota la clave k como ocupada si su lugar está libre, e informa
// si la anotó (entonces hay que liberarla).
func (c *compartido) ocupar(k uint64) bool {
	return c.ocupadas[k&uint64(len(c.ocupadas)-1)].CompareAndSwap(0, k)
}

// liberar borra la clave k de las ocupadas.
func (c *compartido) liberar(k uint64) {
	c.ocupadas[k&uint64(len(c.ocupadas)-1)].CompareAndSwap(k, 0)
}

// ocupada informa si algún hilo está buscando la posición de clave k.
func (c *compartido) ocupada(k uint64) bool {
	return c.ocupadas[k&uint64(len(c.ocupadas)-1)].Load() == k
}

// reservarTabla reserva la tabla de transposición en la primera búsqueda.
// Reservar cientos de megabytes que el proceso ya usó obliga a ponerlos en
// cero (medido: hasta 47 ms por 64 MB en una máquina cargada), así que con
// un plazo (conPlazo) se reserva en su gorutina y la búsqueda empieza sin
// tabla hasta que está; sin plazo se reserva aquí, y la búsqueda (sus
// nodos) no depende de cuándo estuvo lista.
func (c *compartido) reservarTabla(conPlazo bool) {
	if c.op.SinTransposicion {
		return
	}
	c.reserva.Do(func() {
		mb := c.op.MBTabla // c.op puede cambiar mientras se reserva (PreFinal la ajusta y la repone)
		if c.mbInicial > 0 {
			mb = c.mbInicial
		}
		if !conPlazo {
			c.tabla.Store(nuevaTabla(mb))
			return
		}
		go func() { c.tabla.Store(nuevaTabla(mb)) }()
	})
}

// vencido informa si la búsqueda debe parar: parar, o el plazo pasó (y
// entonces pone parar). Cuesta una lectura atómica y una del reloj.
func (c *compartido) vencido() bool {
	if c.parar.Load() {
		return true
	}
	if !c.plazo.IsZero() && !time.Now().Before(c.plazo) {
		c.parar.Store(true)
		return true
	}
	return false
}

// Nuevo devuelve un Resolvedor para los finales de la variante v con las
// opciones op. Devuelve [ErrSinFin] si la variante no tiene fin de
// partida, un error que envuelve a [ErrOpcionFueraDeRango] si una opción
// pasa de su máximo, o el error de armar su generador de jugadas.
func Nuevo(v *variante.Variante, op Opciones) (*Resolvedor, error) {
	if v.TurnosSinPuntos() <= 0 {
		return nil, ErrSinFin
	}
	if err := op.validar(); err != nil {
		return nil, err
	}
	if op.Hilos == 0 {
		op.Hilos = min(runtime.GOMAXPROCS(0), MaxHilos)
	}
	if op.MBTabla == 0 {
		op.MBTabla = min(64, maxMBTabla())
	}
	if op.MBPreFinal == 0 {
		op.MBPreFinal = min(8*op.MBTabla, maxMBTabla())
	}
	c := &compartido{v: v, claves: nuevasClaves(v.TamanoTablero()), op: op, limite: v.TurnosSinPuntos()}
	if op.Hilos > 1 {
		c.ocupadas = make([]atomic.Uint64, 1<<12)
	}
	r := &Resolvedor{c: c}
	for i := range op.Hilos {
		w, err := nuevoTrabajador(c, i)
		if err != nil {
			return nil, err
		}
		r.trab = append(r.trab, w)
	}
	return r, nil
}

// Resolver resuelve el final de j con las opciones op: un Resolvedor
// nuevo ([Nuevo]) y [Resolvedor.Resolver].
func Resolver(ctx context.Context, j *juego.Juego, op Opciones) (Resultado, error) {
	r, err := Nuevo(j.Variante(), op)
	if err != nil {
		return Resultado{}, err
	}
	return r.Resolver(ctx, j)
}

// comprobar devuelve por qué j no es una posición que se pueda buscar con
// bolsa fichas en la bolsa, o nil.
func (r *Resolvedor) comprobar(j *juego.Juego, bolsa int, err error) error {
	if j.Variante() != r.c.v {
		return ErrOtraVariante
	}
	if _, fin := j.Terminada(); fin {
		return juego.ErrPartidaTerminada
	}
	if j.Jugadores() != 2 {
		return fmt.Errorf("%w: tiene %d", ErrJugadores, j.Jugadores())
	}
	if j.LetrasEnRepositorio() != bolsa {
		return fmt.Errorf("%w: tiene %d fichas", err, j.LetrasEnRepositorio())
	}
	for i := range 2 {
		if m, _ := j.Fichas(i); m.Vacio() {
			return fmt.Errorf("%w: la del jugador %d", ErrManoDesconocida, i)
		}
	}
	return nil
}

// Resolver resuelve el final de j: la bolsa vacía, las dos manos
// conocidas, el jugador en turno por jugar. Devuelve el valor, la línea y,
// si se pidieron, las alternativas; si ctx vence antes, lo mejor que
// encontró, con Probado en false. j no cambia.
//
// Devuelve [ErrBolsaNoVacia], [ErrManoDesconocida], [ErrJugadores],
// [ErrOtraVariante] o juego.ErrPartidaTerminada si j no es un final que
// pueda resolver.
func (r *Resolvedor) Resolver(ctx context.Context, j *juego.Juego) (Resultado, error) {
	if err := r.comprobar(j, 0, ErrBolsaNoVacia); err != nil {
		return Resultado{}, err
	}
	if t := r.c.tabla.Load(); t != nil && uint64(len(t.e)) < entradasDe(r.c.op.MBTabla) {
		// La tabla chica de un PreFinal anterior: la de MBTabla, con sus
		// entradas.
		r.c.tabla.Store(t.agrandada(entradasDe(r.c.op.MBTabla)))
	}
	return r.resolver(ctx, j, j.Posicion().SinPuntos, true), nil
}
