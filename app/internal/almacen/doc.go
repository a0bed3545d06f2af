// Package almacen define lo que la aplicación guarda y cómo se lo pide: los
// tipos del dominio (Jugador, Estadisticas, Partida, Movimiento, Reloj,
// Diccionario, Cuenta, Sesion) y los repositorios (Jugadores, Partidas,
// Clasificaciones, Diccionarios, y Cuentas y Revisiones para la aplicación
// web), como interfaces; app/internal/almacen/sqlite es la implementación
// por omisión, sobre un archivo SQLite, y app/internal/almacen/postgres la
// de una base PostgreSQL que comparten varios procesos
// (app/internal/almacen/abrir elige una por el destino: una ruta o una URL
// postgres://).
//
// Sobre los repositorios hay tres piezas que no dependen de cómo se guarda:
//
//   - Mesa: una partida en curso que se guarda jugada a jugada. Cada jugada
//     aceptada queda guardada (en una transacción) antes de que la llamada
//     que la hizo vuelva; una jugada rechazada, por el juego o por el
//     almacén, no cambia nada. Empezar crea una partida y Reanudar sigue una
//     guardada exactamente donde quedó: la misma bolsa, el mismo turno (o,
//     si está dañada, ErrPartidaCorrupta con su número; Verificar las
//     revisa todas).
//     Abandonar termina la partida porque un jugador se rinde (un ajuste
//     guardado que lo deja por debajo de sus rivales), y PerderPorTiempo
//     porque se le acabó el reloj; cada turno guarda lo que tardó, y las
//     penalizaciones por tiempo se guardan con el final.
//   - Reconstruir repite los movimientos guardados de una partida sobre un
//     juego nuevo de su variante y comprueba cada puntaje: una partida no se
//     guarda como un objeto serializado (la fragilidad que señala la aplicación
//     Java en que se inspira) sino como sus datos esenciales: el diccionario y su
//     versión, la semilla de la bolsa, los asientos y los movimientos.
//     ExportarGCG e ImportarGCG la llevan a GCG y la traen.
//   - Catalogo: los diccionarios con nombre, cada uno sobre una Base (una
//     variante con su léxico) más las palabras agregadas y quitadas, con
//     versión. Da la variante de cualquier versión, así que una partida se
//     reanuda con el léxico con que se jugó.
//
// Todos los errores se comparan con errors.Is contra los centinelas del
// paquete (ErrJugadorInexistente, ErrNombreRepetido, …). Un Almacen debe
// poder usarse desde varias gorutinas a la vez; una Mesa también.
package almacen
