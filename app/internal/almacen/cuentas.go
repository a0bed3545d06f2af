package almacen

import (
	"context"
	"time"
)

// Cuenta es la forma de entrar de un jugador persona: la clave de su nombre
// (la forma normalizada con que se comparan los nombres: dos nombres que se
// confunden a la vista tienen la misma) y el resumen de su contraseña
// (Argon2id, en el formato PHC "$argon2id$v=19$m=…,t=…,p=…$sal$resumen"). Un
// invitado no tiene contraseña: solo entra con su sesión.
type Cuenta struct {
	Jugador  int64
	Clave    string
	Resumen  string // vacío: un invitado
	Invitado bool
	Creada   time.Time
}

// Sesion es una sesión abierta: el resumen (SHA-256) de su ficha, nunca la
// ficha misma, el jugador y cuándo vence.
type Sesion struct {
	Resumen []byte
	Jugador int64
	Creada  time.Time
	Vence   time.Time
}

// Cuentas guarda las cuentas de los jugadores persona y sus sesiones.
type Cuentas interface {
	// CrearCuenta crea, en una transacción, el jugador de ese nombre y su
	// cuenta c (c.Jugador se ignora). Errores: ErrNombreInvalido,
	// ErrNombreRepetido (el nombre o la clave ya existen).
	CrearCuenta(ctx context.Context, nombre, idioma string, c Cuenta) (Jugador, Cuenta, error)
	// CuentaPorClave devuelve la cuenta de esa clave, o
	// ErrJugadorInexistente.
	CuentaPorClave(ctx context.Context, clave string) (Cuenta, error)
	// CrearSesion guarda la sesión s.
	CrearSesion(ctx context.Context, s Sesion) error
	// Sesion devuelve la sesión de ese resumen si no venció en ahora, o
	// ErrSesionInexistente.
	Sesion(ctx context.Context, resumen []byte, ahora time.Time) (Sesion, error)
	// BorrarSesion borra la sesión de ese resumen (no es un error que no
	// exista).
	BorrarSesion(ctx context.Context, resumen []byte) error
	// BorrarVencidas borra las sesiones vencidas en ahora y devuelve
	// cuántas.
	BorrarVencidas(ctx context.Context, ahora time.Time) (int, error)
}

// Revisiones guarda el análisis de las partidas terminadas: un documento
// por partida, que escribe y lee quien lo calcula (la aplicación web lo
// guarda en JSON).
type Revisiones interface {
	// GuardarRevision guarda (o reemplaza) el análisis de la partida id.
	// Error: ErrPartidaInexistente.
	GuardarRevision(ctx context.Context, id int64, version int, datos []byte) error
	// Revision devuelve el análisis de la partida id y su versión, o
	// ErrRevisionInexistente si no hay.
	Revision(ctx context.Context, id int64) (datos []byte, version int, err error)
	// SinRevision devuelve hasta limite partidas terminadas sin análisis
	// de la versión dada (o sin ninguno), las más viejas primero.
	SinRevision(ctx context.Context, version, limite int) ([]int64, error)
}
