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
