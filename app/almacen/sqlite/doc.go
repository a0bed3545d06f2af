// Package sqlite implementa los repositorios de app/almacen sobre un
// archivo SQLite (modernc.org/sqlite, en Go puro, sin cgo): es el almacén por
// omisión de la aplicación.
//
//	a, err := sqlite.Abrir("palabras.db")
//	defer a.Close()
//
// # Esquema y migraciones
//
// El esquema tiene versión (PRAGMA user_version) y se lleva a la última al
// abrir, con una transacción por migración (migraciones, en orden; nunca se
// cambia una ya publicada). El archivo lleva además un application_id propio:
// abrir un archivo que no es una base de datos, o una base de datos de otra
// aplicación, devuelve almacen.ErrNoEsBaseDeDatos sin tocarlo, y una de un
// esquema más nuevo, almacen.ErrVersionFutura.
//
// # Durabilidad y concurrencia
//
// La base usa WAL. Cada escritura es una transacción (BEGIN IMMEDIATE) que
// termina antes de volver: una jugada aceptada sobrevive a que el proceso
// muera (kill -9) en cualquier momento. Con Opciones.Sincrono además se
// sincroniza el disco en cada transacción (synchronous=FULL), lo que la hace
// sobrevivir a un corte de luz a costa de velocidad; por omisión es
// synchronous=NORMAL.
//
// Un Almacen es seguro para usar desde varias gorutinas: las escrituras van
// por una sola conexión, de a una (las jugadas que llegan a la vez, en una
// sola transacción, cada una en su SAVEPOINT y con su resultado), y las
// lecturas por un grupo de conexiones de solo lectura que ven la última
// transacción terminada sin esperar a las escrituras. Varios procesos pueden abrir el mismo archivo: las escrituras
// se esperan (busy_timeout) y las partidas se protegen con
// almacen.ErrConflicto.
package sqlite
