// Package postgres implementa los repositorios de app/internal/almacen sobre una
// base PostgreSQL (con github.com/jackc/pgx/v5 y su pgxpool): es el almacén
// para correr el sitio en más de una máquina, con varios procesos web
// contra la misma base. Implementa almacen.Almacen, almacen.Cuentas y
// almacen.Revisiones con las mismas garantías que app/internal/almacen/sqlite, y
// pasa la misma suite de pruebas de contrato.
//
// Se abre con Abrir y una URL ("postgres://usuario@máquina:5432/base"); el
// parámetro search_path de la URL elige el esquema donde viven sus tablas
// (por omisión, el primero del search_path del usuario: public). Ver
// ExampleAbrir.
//
// # Esquema, migraciones y verificación
//
// El esquema tiene versión (la tabla palabras_version, de una fila) y se
// lleva a la última al abrir: todas las migraciones que falten, en orden,
// en una sola transacción que toma un candado asesor del esquema
// (pg_advisory_xact_lock), así que dos procesos que arrancan a la vez no
// migran dos veces y una migración que falla no deja nada. Un esquema con
// tablas que no son del almacén da almacen.ErrNoEsBaseDeDatos, y uno de una
// versión más nueva almacen.ErrVersionFutura, sin tocarlos.
//
// Cada partida lleva un sello, como en SQLite: la cadena de sumas de sus
// datos esenciales, de sus asientos y de sus movimientos (y de su final),
// que este paquete calcula en la misma transacción que guarda cada cosa.
// Abrir verifica cada partida en curso (que sus movimientos sean tantos
// como dice, sin huecos, y coincidan con su sello) y Partida vuelve a
// verificarla al leerla: una partida cambiada por fuera del almacén se
// informa (Danadas, almacen.Verificar) y leerla da
// almacen.ErrPartidaCorrupta con su número; nunca se reanuda con otros
// datos.
//
// # Durabilidad y concurrencia
//
// Cada escritura es una transacción que se confirma antes de volver: con
// synchronous_commit por omisión (on), una jugada aceptada está en el
// registro de escritura del servidor, en disco, y sobrevive a que se caiga
// el proceso o el servidor. Una que falla se deshace entera y no cambia
// nada; una vez empezada la confirmación, termina aunque se cancele el
// contexto, así que la llamada siempre sabe si quedó.
//
// Varios procesos pueden usar la misma base. AgregarMovimiento toma el
// candado de la fila de la partida (SELECT … FOR NO KEY UPDATE) y comprueba el
// número del movimiento: de dos procesos que agregan el mismo, el segundo
// espera al primero, ve la partida ya cambiada y recibe
// almacen.ErrConflicto; la clave primaria (partida, n) lo garantiza además
// en la base. La jugada de todos los turnos (un movimiento que no termina
// la partida) va antes por un camino rápido (rapido.go): una sola
// sentencia, confirmada sola, que toma el candado solo si está libre y
// guarda solo si la partida sigue con el número y el sello que el almacén
// sabe (una ida y vuelta al servidor en lugar de cuatro); si no guardó, la
// transacción de arriba decide. Al terminar una partida, las filas de sus jugadores se
// toman en orden de identificador, para no bloquearse con otra que
// termina a la vez (y si PostgreSQL igual informa un bloqueo mutuo, la
// transacción se repite). Las esperas por candados de otros procesos
// duran a lo sumo el plazo del contexto de la llamada, que vuelve con su
// error sin cambiar nada. La clasificación se guarda en memoria y se
// vuelve a leer cuando alguna partida terminó, en este proceso o en otro.
//
// # Pruebas
//
// Las pruebas usan un servidor de verdad: el de la variable
// PALABRAS_POSTGRES, o postgres://postgres@127.0.0.1:5432/test. Cada
// prueba crea su esquema (p_ y letras al azar) y lo borra al terminar. Sin
// servidor las pruebas se saltan, salvo con PALABRAS_SERVICIOS=1 (como en
// .ci/run), que las hace fallar.
package postgres
