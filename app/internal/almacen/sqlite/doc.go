// Package sqlite implementa los repositorios de app/internal/almacen sobre un
// archivo SQLite (modernc.org/sqlite, en Go puro, sin cgo): es el almacén por
// omisión de la aplicación. Se abre así (ver Example):
//
//	a, err := sqlite.Abrir(filepath.Join(dir, "palabras.db"), sqlite.Opciones{})
//	if err != nil {
//		panic(err)
//	}
//	defer a.Close()
//
// # Esquema, migraciones y verificación
//
// El esquema tiene versión (PRAGMA user_version) y se lleva a la última al
// abrir, con una transacción por migración; el archivo lleva un
// application_id propio. Un archivo que no es del almacén da
// almacen.ErrNoEsBaseDeDatos y uno de un esquema más nuevo,
// almacen.ErrVersionFutura, sin tocarlos. Abrir verifica además la
// estructura y el esquema (almacen.ErrDanado si están dañados) y, de cada
// partida en curso, que sus movimientos coincidan con su cuenta y con su
// sello (una cadena de sumas que el archivo mantiene al guardar): una
// partida dañada se informa (Danadas) y leerla da almacen.ErrPartidaCorrupta
// con su número; nunca se reanuda con movimientos de menos.
//
// Antes de que SQLite lea el WAL (el archivo -wal), Abrir repite sobre él
// la cuenta de sumas de SQLite, que al abrir se detiene en silencio en el
// primer marco que no valida: si detrás hay marcos vigentes (la cadena de
// sumas sigue, con la misma sal), si la cabecera no valida y hay marcos,
// o si el índice (-shm) dice que se confirmaron más marcos que los que
// validan, abrir perdería transacciones confirmadas, y Abrir devuelve
// almacen.ErrDanado sin tocar los archivos (ver wal.go). No cuesta nada
// por movimiento. Tras un corte de luz sin Opciones.Sincrono, un WAL con
// huecos también se informa así.
//
// # Durabilidad y concurrencia
//
// La base usa WAL y cada escritura es una transacción que termina antes de
// volver: una jugada aceptada sobrevive a que el proceso muera (kill -9).
// A un corte de luz o una caída del sistema sobreviven todas solo con
// Opciones.Sincrono (synchronous=FULL, un fsync por transacción); por
// omisión (synchronous=NORMAL) se pueden perder las últimas confirmadas,
// sin dañar el archivo.
//
// Un Almacen es seguro para usar desde varias gorutinas: las escrituras van
// por una sola conexión, de a una (las jugadas que llegan a la vez, en una
// sola transacción, cada una en su SAVEPOINT), y las lecturas por
// conexiones de solo lectura que no esperan a las escrituras. Varios
// procesos pueden abrir el mismo archivo: una escritura espera a que otro
// proceso lo suelte hasta el plazo de su contexto (y vuelve con
// almacen.ErrOcupado a lo sumo unos milisegundos después) o, sin plazo,
// Opciones.Espera; las partidas se protegen con almacen.ErrConflicto.
package sqlite
