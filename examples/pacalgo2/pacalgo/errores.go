package pacalgo

import "errors"

// Errores de un mapa inválido. Los de [NuevoMapa] envuelven a
// [ErrMapaInvalido] y a uno de estos, uno por cláusula de la precondición de
// nuevoMapa que no se cumple.
var (
	// ErrMapaInvalido: los datos no cumplen la precondición de nuevoMapa.
	ErrMapaInvalido = errors.New("pacalgo: mapa inválido")
	// ErrDimensiones: el ancho o el alto no son positivos, el mapa tiene
	// más de MaxCeldas casilleros, o sus coordenadas no caben en un int.
	ErrDimensiones = errors.New("dimensiones inválidas")
	// ErrFueraDelMapa: un casillero no está dentro de las dimensiones del
	// mapa (dentroDeLasDimensiones es falso).
	ErrFueraDelMapa = errors.New("fuera del mapa")
	// ErrSuperpuestos: un fantasma está en una pared.
	ErrSuperpuestos = errors.New("un fantasma en una pared")
	// ErrInicioEsLlegada: el inicio y la llegada son el mismo casillero.
	ErrInicioEsLlegada = errors.New("el inicio es la llegada")
	// ErrInicioOcupado: el inicio es una pared o un fantasma.
	ErrInicioOcupado = errors.New("el inicio está ocupado")
	// ErrFantasmaCerca: un fantasma está a distancia 3 o menos del inicio y
	// el inicio no tiene un chocolate: se empezaría perdiendo.
	ErrFantasmaCerca = errors.New("un fantasma al alcance del inicio")
)

// Errores de un movimiento rechazado ([Juego.Mover], [Juego.Validar]). Un
// movimiento rechazado no cambia el juego.
var (
	// ErrDireccionInvalida: la dirección no es Arriba, Abajo, Izquierda ni
	// Derecha (por ejemplo, el valor cero Ninguna).
	ErrDireccionInvalida = errors.New("pacalgo: dirección inválida")
	// ErrPartidaTerminada: el jugador ya ganó o ya perdió.
	ErrPartidaTerminada = errors.New("pacalgo: la partida terminó")
	// ErrBorde: el movimiento saldría del mapa.
	ErrBorde = errors.New("pacalgo: ahí termina el mapa")
	// ErrPared: hay una pared en esa dirección.
	ErrPared = errors.New("pacalgo: hay una pared")
)

// Otros errores.
var (
	// ErrSinMapa: [Nuevo] o [Resolver] recibieron un mapa nil o el valor
	// cero de [Mapa], que no sale de NuevoMapa.
	ErrSinMapa = errors.New("pacalgo: falta el mapa")
	// ErrDemasiadoGrande: [Resolver] tendría que explorar más de
	// MaxEstados estados.
	ErrDemasiadoGrande = errors.New("pacalgo: el mapa es demasiado grande para resolverlo")
	// ErrFormato: el texto no es un mapa ([ParsearMapa], [LeerMapa]).
	ErrFormato = errors.New("pacalgo: el texto no es un mapa")
)
