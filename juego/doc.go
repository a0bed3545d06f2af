// Package juego implementa una partida: el TAD JUEGO (§2.1.6), con el
// tablero del TAD TABLERO (§2.1.4), sobre la representación y las cotas del
// diseño (§2).
//
// # Reglas
//
// Las de la especificación, con las dudas resueltas por escrito (RULINGS.md):
//
//   - Las palabras del tablero (R1) son las corridas horizontales y
//     verticales maximales de dos fichas o más, y cada ficha sin vecinos.
//     Una ficha dentro de una palabra más larga no es palabra por sí sola
//     en la otra dirección (R2): en el ejemplo ASOMASTE del texto informal
//     no se suman "T" ni "E".
//   - Una jugada es válida (R3) si es vacía (pasar), o si todas sus fichas
//     van a celdas libres del tablero, sin dos en la misma, alguna palabra
//     las contiene a todas y todas las palabras del tablero son legítimas.
//     No hay regla de conexión ni de casilla central: una jugada puede ir
//     en cualquier lugar, y una letra sola vale si es una palabra legítima.
//     Además el jugador debe tener las letras (R5).
//   - Una jugada vale la suma de los valores de todas las letras de cada
//     palabra que contiene alguna ficha nueva (R4).
//   - Al ubicar, el jugador repone tantas letras como puso, las próximas
//     del repositorio, y el turno pasa al siguiente (R6). El repositorio
//     inicial debe tener al menos N·N + K·F letras (R7), así que nunca se
//     agota.
//
// # Reglas clásicas
//
// Con las opciones de la variante (variante.Clasicas; las variantes
// listas son espanol.Clasica e ingles.Variante) el mismo Juego sigue las
// reglas de los torneos, y sin ellas sigue la especificación al pie de la
// letra:
//
//   - Premios: una casilla de letra doble o triple multiplica la letra que
//     se ubica en ella, y una de palabra doble o triple multiplica cada
//     palabra formada que contiene esa ficha; solo en la jugada que la
//     cubre (las fichas nuevas se reconocen por su tiempo, así que el
//     puntaje perezoso sigue valiendo).
//   - Colocación: la primera jugada cubre el centro, las demás tocan alguna
//     ficha, y no hay palabras de una letra ([ErrFueraDelCentro],
//     [ErrDesconectada], [ErrPalabraCorta]).
//   - Comodines: en la mano son letra.Comodin; al ubicarlos la ficha dice
//     qué letra representan (ocurrencia.Ficha.Comodin), valen 0 y la
//     conservan ([Juego.EsComodin]).
//   - Bingo: puntos extra por ubicar las F fichas.
//   - Turnos sin colocar: pasar ([Juego.Pasar], Ubicar de la jugada vacía) y cambiar
//     ([Juego.Cambiar]) mientras la bolsa tenga al menos F fichas.
//   - Bolsa: exactamente la distribución, mezclada con una semilla; las
//     manos se reponen mientras queden fichas.
//   - Fin: cuando un jugador se queda sin fichas con la bolsa vacía o tras
//     varios turnos seguidos sin puntos; cada jugador pierde el valor de sus
//     fichas y el que salió gana la suma ([Juego.Terminada]).
//
// Además, para torneos y análisis: [Juego.Ajustar] (premios por desafío,
// penalizaciones), [Juego.Sucesos] (el registro de la partida, que el
// paquete gcg escribe y lee), [Juego.AsignarMano] y [Juego.ProximasFichas]
// (repetir una partida registrada).
//
// # Posiciones
//
// Una [Posicion] es el estado de una partida como valor: el tablero (un
// tablero.Tablero, inmutable), las manos, los puntajes, el turno, los
// turnos seguidos sin puntos y lo que queda en la bolsa o el repositorio.
// [Juego.Posicion] la toma de un juego y [DesdePosicion] empieza una
// partida en ella, después de comprobarla contra la variante (un error por
// problema). Las palabras del tablero que el léxico no tiene se aceptan y
// se informan ([Juego.PalabrasIlegitimas]). El paquete juego/cgp las lee y
// escribe en CGP, el formato de una línea de Woogles, Macondo y MAGPIE.
//
// # Representación y costos
//
// El tablero es un arreglo de N×N punteros (nil si la celda está libre) a la
// letra y el momento en que se ubicó. [Juego.JugadaValida] no depende de N
// ni de la historia: descarta las jugadas de más de Lmax fichas y recorre
// solo las palabras que pasan por las nuevas siguiendo el DAWG de la
// variante, sin armarlas: O(m + Lmax²) para las m fichas de la jugada, y
// sin reservar memoria. [Juego.Ubicar] anota la jugada en O(m) (después de
// validarla) y devuelve sus puntos; [Juego.Puntaje] suma de
// forma perezosa las jugadas pendientes del jugador, cada una sobre el
// tablero de su momento (las fichas posteriores se reconocen por su tiempo),
// en O(1 + m·Lmax).
//
// # Errores
//
// Nada de lo que reciba una operación la hace entrar en pánico ni deja el
// juego a medias: [Nuevo] devuelve errores comparables con [errors.Is]
// ([ErrRepositorioCorto], variante.ErrJugadoresInvalidos, …); una jugada
// inválida se explica con un [*ErrorJugada] que nombra el motivo
// (tablero.ErrCeldaOcupada,
// [ErrPalabraIlegitima], …) y la ficha o la palabra culpables. Los motivos
// se comprueban en el orden en que los espera quien juega: fichas fuera del
// tablero, celdas ocupadas, dos fichas en una celda, letras que el jugador
// no tiene, fichas desalineadas, demasiadas fichas, huecos y, por último,
// las palabras. Las coordenadas de los mensajes son las de la API, desde 0.
// [Juego.Verificar] comprueba el invariante de representación.
package juego
