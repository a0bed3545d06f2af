package almacen

import (
	"context"

	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

// Jugadores guarda los perfiles de los jugadores.
type Jugadores interface {
	// CrearJugador crea un jugador. Errores: ErrNombreInvalido,
	// ErrNombreRepetido.
	CrearJugador(ctx context.Context, nombre, idioma string) (Jugador, error)
	// Jugador devuelve el jugador id, o ErrJugadorInexistente.
	Jugador(ctx context.Context, id int64) (Jugador, error)
	// JugadorPorNombre devuelve el jugador de ese nombre (sin distinguir
	// mayúsculas), o ErrJugadorInexistente.
	JugadorPorNombre(ctx context.Context, nombre string) (Jugador, error)
	// Jugadores devuelve todos los jugadores, por identificador.
	Jugadores(ctx context.Context) ([]Jugador, error)
	// Estadisticas devuelve las estadísticas del jugador id, o
	// ErrJugadorInexistente.
	Estadisticas(ctx context.Context, id int64) (Estadisticas, error)
}

// Partidas guarda las partidas y sus movimientos.
type Partidas interface {
	// CrearPartida guarda una partida nueva, sin movimientos, con la
	// versión del diccionario resuelta (la actual si se pidió 0). Errores:
	// ErrAsientosInvalidos, ErrJugadorInexistente,
	// ErrDiccionarioInexistente.
	CrearPartida(ctx context.Context, p NuevaPartida) (Partida, error)
	// AgregarMovimiento agrega el movimiento número n (desde 0) a la
	// partida id, en una transacción que termina antes de volver. Si fin no
	// es nil la partida termina con ese resultado en la misma transacción,
	// y se actualizan las estadísticas y los ratings de sus jugadores.
	// Errores: ErrPartidaInexistente, ErrPartidaTerminada, ErrConflicto
	// (n no es la cantidad de movimientos guardados), ErrAsientosInvalidos
	// (fin no tiene un puntaje por asiento). Si falla no cambia nada.
	AgregarMovimiento(ctx context.Context, id int64, n int, m Movimiento, fin *Resultado) error
	// AgregarMovimientos es como AgregarMovimiento con varios movimientos,
	// numerados desde n, en la misma transacción: una jugada que termina la
	// partida y las penalizaciones por tiempo que le siguen, por ejemplo.
	// Si falla no cambia nada.
	AgregarMovimientos(ctx context.Context, id int64, n int, ms []Movimiento, fin *Resultado) error
	// Partida devuelve la partida id con sus movimientos, o
	// ErrPartidaInexistente.
	Partida(ctx context.Context, id int64) (Partida, error)
	// Partidas lista las partidas que pasan el filtro, las más recientes
	// primero.
	Partidas(ctx context.Context, f Filtro) ([]Resumen, error)
	// MovimientosGuardados devuelve cuántos movimientos tiene guardados
	// cada partida de ids, en una sola lectura y sin leerlos: un proceso
	// lo compara con lo que tiene en memoria y lee (Partida) solo las
	// partidas en que otro guardó algo. Las que no existen no están en el
	// mapa; ids vacío da un mapa vacío.
	MovimientosGuardados(ctx context.Context, ids []int64) (map[int64]int, error)
	// BorrarPartida borra la partida id y sus movimientos, o devuelve
	// ErrPartidaInexistente. Las estadísticas y los ratings que una
	// partida terminada ya sumó se conservan.
	BorrarPartida(ctx context.Context, id int64) error
}

// Conocedor lo implementa un repositorio de Partidas al que le sirve saber
// lo que otra Mesa de la misma partida guardó y que esta conoció sin
// leerlo: Mesa.SeguirCon le cuenta los movimientos ms, desde el número
// desde, de la partida id, después de repetirlos. No debe cambiar ningún
// resultado, solo ahorrar trabajo (el almacén PostgreSQL encadena con ellos
// el sello que recuerda y guarda la jugada siguiente sin leerlo).
type Conocedor interface {
	Conocidos(id int64, desde int, ms []Movimiento)
}

// Clasificaciones ordena a los jugadores.
type Clasificaciones interface {
	// Clasificacion devuelve las filas de los jugadores con al menos una
	// partida, ordenadas por el criterio c; a lo sumo limite si es
	// positivo. Error: clasificacion.ErrCriterioInvalido.
	Clasificacion(ctx context.Context, c clasificacion.Criterio, limite int) ([]clasificacion.Fila, error)
}

// Diccionarios guarda los diccionarios y sus cambios. No valida las
// palabras (eso lo hace el Catalogo, que conoce el alfabeto): guarda lo que
// recibe.
type Diccionarios interface {
	// CrearDiccionario crea el diccionario d en su versión 1, sin cambios.
	// Errores: ErrNombreInvalido, ErrNombreRepetido.
	CrearDiccionario(ctx context.Context, d Diccionario) (Diccionario, error)
	// Diccionario devuelve el diccionario de ese nombre, o
	// ErrDiccionarioInexistente.
	Diccionario(ctx context.Context, nombre string) (Diccionario, error)
	// Diccionarios los devuelve todos, por nombre.
	Diccionarios(ctx context.Context) ([]Diccionario, error)
	// CambiarPalabras agrega y quita palabras en una versión nueva (si
	// cambia algo: agregar una palabra ya agregada o quitar una ya quitada
	// no cuenta) y devuelve el diccionario actualizado.
	CambiarPalabras(ctx context.Context, nombre string, agregar, quitar []string) (Diccionario, error)
	// Cambios devuelve los cambios hasta la versión hasta (inclusive), en
	// orden: repetirlos sobre la base da esa versión.
	Cambios(ctx context.Context, nombre string, hasta int) ([]CambioPalabra, error)
	// BorrarDiccionario lo borra, o devuelve ErrDiccionarioInexistente o
	// ErrDiccionarioEnUso.
	BorrarDiccionario(ctx context.Context, nombre string) error
}

// Almacen reúne los cuatro repositorios. Debe poder usarse desde varias
// gorutinas a la vez.
type Almacen interface {
	Jugadores
	Partidas
	Clasificaciones
	Diccionarios
	// Close lo cierra; después todo devuelve ErrCerrado.
	Close() error
}
