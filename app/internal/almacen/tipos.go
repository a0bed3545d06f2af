package almacen

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// MaxNombre es el largo máximo de un nombre, en caracteres.
const MaxNombre = 64

// MaxAsientos es la cantidad máxima de jugadores de una partida.
const MaxAsientos = 8

// ValidarNombre devuelve nil si s sirve como nombre de jugador o de
// diccionario: no vacío (sin contar espacios), de a lo sumo MaxNombre
// caracteres UTF-8 válidos, sin caracteres de control. Si no, un error que
// envuelve a ErrNombreInvalido.
func ValidarNombre(s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return fmt.Errorf("%w: vacío", ErrNombreInvalido)
	case !utf8.ValidString(s):
		return fmt.Errorf("%w: %q no es UTF-8", ErrNombreInvalido, s)
	case utf8.RuneCountInString(s) > MaxNombre:
		return fmt.Errorf("%w: más de %d caracteres", ErrNombreInvalido, MaxNombre)
	case strings.IndexFunc(s, unicode.IsControl) >= 0:
		return fmt.Errorf("%w: %q tiene caracteres de control", ErrNombreInvalido, s)
	}
	return nil
}

// Jugador es el perfil de un jugador, persona o bot.
type Jugador struct {
	ID     int64
	Nombre string // único, sin distinguir mayúsculas
	Idioma string // código del idioma preferido ("es", "en")
	Creado time.Time
}

// Estadisticas son las de un jugador (como en la aplicación Java en que se inspira): la lista de sus
// puntajes, en el orden en que terminaron sus partidas, el máximo, la media,
// las partidas, las victorias (partidas en que sacó más puntos que cada
// rival) y el total; además su rating Glicko-2.
type Estadisticas struct {
	Jugador   int64
	Puntajes  []int
	Maximo    int
	Media     float64
	Partidas  int
	Victorias int
	Total     int
	Rating    clasificacion.Rating
}

// Estado es el estado de una partida guardada. El valor cero no es un
// estado.
type Estado uint8

// Los estados de una partida.
const (
	EnCurso Estado = iota + 1
	Terminada
)

// String devuelve "en curso" o "terminada".
func (e Estado) String() string {
	switch e {
	case EnCurso:
		return "en curso"
	case Terminada:
		return "terminada"
	}
	return fmt.Sprintf("Estado(%d)", uint8(e))
}

// Asiento es un lugar en una partida: el jugador que lo ocupa y, si es un
// bot, su nivel (el nombre de un bot.Nivel, "experto"); vacío si es una
// persona.
type Asiento struct {
	Jugador int64
	Nivel   string
}

// Movimiento es un turno guardado: una colocación, un pase, un cambio o un
// ajuste de puntos (juego.SucesoAjuste, de una partida importada).
type Movimiento struct {
	Tipo juego.TipoSuceso
	// Jugador es el asiento que lo hizo (el turno; en un ajuste, a quién se
	// aplica).
	Jugador int
	// Jugada son las fichas de una colocación.
	Jugada ocurrencia.Ocurrencia
	// Cambiadas son las fichas devueltas en un cambio.
	Cambiadas letra.Multiconjunto
	// Puntos son los que sumó (o restó un ajuste): Reconstruir los
	// comprueba.
	Puntos int
	// Mano, si ConMano, es la mano que el jugador tenía antes del turno:
	// las partidas importadas de GCG la fijan (juego.Juego.AsignarMano),
	// porque su bolsa no sale de una semilla.
	Mano    letra.Multiconjunto
	ConMano bool
	// Proximas, si no está vacío, son las fichas que el jugador saca
	// después del turno (juego.Juego.ProximasFichas), también de las
	// partidas importadas.
	Proximas letra.Multiconjunto
	// Duracion es lo que tardó el jugador en hacerlo (lo que corrió su
	// reloj), o 0 si no se midió.
	Duracion time.Duration
	// Motivo dice por qué se hizo un ajuste (SucesoAjuste); en los demás
	// movimientos es AjusteOtro.
	Motivo MotivoAjuste
}

// MotivoAjuste dice por qué se guardó un ajuste de puntos. El valor cero,
// AjusteOtro, es el de un ajuste sin motivo conocido (uno importado de GCG,
// o uno guardado antes de que hubiera motivos).
type MotivoAjuste uint8

// Los motivos de un ajuste.
const (
	AjusteOtro     MotivoAjuste = iota
	AjusteAbandono              // el jugador se rindió (Mesa.Abandonar)
	AjusteTiempo                // penalización por pasarse de tiempo (Reloj.Penalizacion)
	AjusteBandera               // perdió por tiempo: se pasó del exceso (Mesa.PerderPorTiempo)
)

var nombresAjuste = [...]string{"otro", "abandono", "tiempo", "bandera"}

// String devuelve "otro", "abandono", "tiempo" o "bandera".
func (m MotivoAjuste) String() string {
	if int(m) < len(nombresAjuste) {
		return nombresAjuste[m]
	}
	return fmt.Sprintf("MotivoAjuste(%d)", uint8(m))
}

// Pierde informa si el ajuste termina la partida con una derrota (un
// abandono o una bandera caída).
func (m MotivoAjuste) Pierde() bool { return m == AjusteAbandono || m == AjusteBandera }

// Reloj es el control de tiempo de una partida, como en los torneos: cada
// jugador tiene Inicial para todas sus jugadas; quien se pasa sigue jugando
// y al final pierde Penalizacion puntos por minuto (o fracción) de exceso,
// y quien se pasa en más de Exceso pierde la partida en ese momento (con
// Exceso 0, al caer su bandera). El valor cero es una partida sin reloj.
type Reloj struct {
	Inicial      time.Duration
	Penalizacion int
	Exceso       time.Duration
}

// Activo informa si la partida tiene reloj.
func (r Reloj) Activo() bool { return r.Inicial > 0 }

// PenalizacionPor devuelve los puntos que pierde quien usó usado en toda la
// partida: Penalizacion por cada minuto, o fracción, por encima de Inicial.
func (r Reloj) PenalizacionPor(usado time.Duration) int {
	if !r.Activo() || usado <= r.Inicial || r.Penalizacion <= 0 {
		return 0
	}
	minutos := (usado - r.Inicial + time.Minute - 1) / time.Minute
	return int(minutos) * r.Penalizacion
}

// String describe el reloj: "sin reloj", "25m0s, −10 por minuto, hasta
// 10m0s de exceso" o "5m0s, pierde al caer la bandera".
func (r Reloj) String() string {
	if !r.Activo() {
		return "sin reloj"
	}
	if r.Exceso <= 0 {
		return r.Inicial.String() + ", pierde al caer la bandera"
	}
	return fmt.Sprintf("%v, −%d por minuto, hasta %v de exceso", r.Inicial, r.Penalizacion, r.Exceso)
}

// NuevaPartida es lo que hace falta para crear una partida.
type NuevaPartida struct {
	// Nombre es una etiqueta libre (puede estar vacío).
	Nombre string
	// Diccionario es el nombre del diccionario con que se juega, y Version
	// su versión; 0 pide la actual.
	Diccionario string
	Version     int
	// Semilla es la de la bolsa (variante.Variante.Repositorio).
	Semilla uint64
	// Asientos son los jugadores, en el orden en que juegan.
	Asientos []Asiento
	// Reloj es el control de tiempo (el valor cero: sin reloj).
	Reloj Reloj
}

// Partida es una partida guardada: sus datos esenciales y sus movimientos.
type Partida struct {
	ID          int64
	Nombre      string
	Variante    string // la base del diccionario (Base.Nombre)
	Diccionario string
	Version     int
	Semilla     uint64
	Asientos    []Asiento
	Reloj       Reloj
	Movimientos []Movimiento
	Estado      Estado
	// Puntajes son los finales de cada asiento si terminó; nil si no.
	Puntajes    []int
	Creada      time.Time
	Actualizada time.Time
}

// Resumen es una partida guardada sin sus movimientos: lo que lista
// Partidas.Partidas.
type Resumen struct {
	ID          int64
	Nombre      string
	Variante    string
	Diccionario string
	Version     int
	Asientos    []Asiento
	Reloj       Reloj
	Estado      Estado
	Movimientos int
	Puntajes    []int
	Creada      time.Time
	Actualizada time.Time
}

// Filtro elige qué partidas lista Partidas.Partidas. El valor cero las
// lista todas.
type Filtro struct {
	Jugador int64  // solo las de este jugador, si no es 0
	Estado  Estado // solo las de este estado, si no es 0
	Limite  int    // a lo sumo tantas (las más recientes), si es positivo
}

// Resultado es el final de una partida: el puntaje de cada asiento, que
// actualiza las estadísticas y los ratings de sus jugadores.
type Resultado struct {
	Puntajes []int
}

// Diccionario es un léxico con nombre: una base (Base, por su nombre) más
// las palabras agregadas y quitadas, con una versión que crece con cada
// cambio (la 1 es la base sola).
type Diccionario struct {
	Nombre    string
	Idioma    string
	Base      string
	Version   int
	Agregadas int // palabras agregadas a la base, en la versión actual
	Quitadas  int // palabras de la base quitadas, en la versión actual
	Creado    time.Time
}

// CambioPalabra es un cambio de un diccionario: la palabra (en mayúsculas,
// como la escribe el alfabeto), si se agregó o se quitó, y en qué versión.
type CambioPalabra struct {
	Palabra  string
	Agregada bool
	Version  int
}
