package almacen

import "errors"

// Errores de los repositorios. Las implementaciones los devuelven
// envueltos, con contexto; se comparan con errors.Is.
var (
	// ErrJugadorInexistente: no hay un jugador con ese identificador o
	// nombre.
	ErrJugadorInexistente = errors.New("almacen: no existe ese jugador")
	// ErrNombreRepetido: ya hay un jugador o un diccionario con ese
	// nombre.
	ErrNombreRepetido = errors.New("almacen: el nombre ya existe")
	// ErrNombreInvalido: el nombre está vacío, es demasiado largo o tiene
	// caracteres de control.
	ErrNombreInvalido = errors.New("almacen: nombre inválido")
	// ErrPartidaInexistente: no hay una partida con ese identificador.
	ErrPartidaInexistente = errors.New("almacen: no existe esa partida")
	// ErrPartidaTerminada: la partida ya terminó y no admite movimientos.
	ErrPartidaTerminada = errors.New("almacen: la partida ya terminó")
	// ErrConflicto: el movimiento no es el siguiente de la partida (otro
	// lo agregó antes): quien lo intentó tiene una copia vieja.
	ErrConflicto = errors.New("almacen: la partida cambió mientras tanto")
	// ErrAsientosInvalidos: una partida sin asientos, con demasiados o con
	// un jugador repetido, o un resultado sin un puntaje por asiento. El
	// nivel de un asiento no se valida: es una etiqueta.
	ErrAsientosInvalidos = errors.New("almacen: asientos inválidos")
	// ErrDiccionarioInexistente: no hay un diccionario con ese nombre, o no
	// tiene esa versión.
	ErrDiccionarioInexistente = errors.New("almacen: no existe ese diccionario")
	// ErrDiccionarioEnUso: no se puede borrar un diccionario con el que hay
	// partidas guardadas.
	ErrDiccionarioEnUso = errors.New("almacen: hay partidas con ese diccionario")
	// ErrBaseDesconocida: el catálogo no conoce la base del diccionario.
	ErrBaseDesconocida = errors.New("almacen: base de diccionario desconocida")
	// ErrPalabraInvalida: una palabra tiene caracteres fuera del alfabeto
	// del diccionario, o es más larga de lo que cabe en el tablero.
	ErrPalabraInvalida = errors.New("almacen: palabra inválida")
	// ErrPartidaCorrupta: la partida guardada no se puede reanudar tal como
	// se jugó: sus movimientos no se pueden repetir sobre la variante (una
	// jugada inválida o un puntaje distinto), no son tantos como los que la
	// partida dice tener, no coinciden con su sello, o no la dejan en el
	// estado guardado. El error nombra la partida.
	ErrPartidaCorrupta = errors.New("almacen: la partida guardada no se puede repetir")
	// ErrNoEsBaseDeDatos: el archivo existe pero no es una base de datos
	// del almacén.
	ErrNoEsBaseDeDatos = errors.New("almacen: el archivo no es una base de datos")
	// ErrVersionFutura: la base de datos es de una versión del esquema
	// más nueva que la de este programa.
	ErrVersionFutura = errors.New("almacen: la base de datos es de una versión más nueva")
	// ErrSesionInexistente: no hay una sesión con esa ficha, o venció.
	ErrSesionInexistente = errors.New("almacen: no existe esa sesión")
	// ErrRevisionInexistente: la partida todavía no tiene análisis.
	ErrRevisionInexistente = errors.New("almacen: la partida no tiene análisis")
	// ErrCerrado: el almacén ya se cerró.
	ErrCerrado = errors.New("almacen: cerrado")
)
