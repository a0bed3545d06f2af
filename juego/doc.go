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
// # Representación y costos
//
// El tablero es un arreglo de N×N punteros (nil si la celda está libre) a la
// letra y el momento en que se ubicó. [Juego.JugadaValida] no depende de N
// ni de la historia: descarta las jugadas de más de Lmax fichas y recorre
// solo las palabras que pasan por las nuevas siguiendo el DAWG de la
// variante, sin armarlas: O(Lmax²) y sin reservar memoria. [Juego.Ubicar]
// anota la jugada en O(m) (después de validarla); [Juego.Puntaje] suma de
// forma perezosa las jugadas pendientes del jugador, cada una sobre el
// tablero de su momento (las fichas posteriores se reconocen por su tiempo),
// en O(1 + m·Lmax).
//
// Medido con la variante española en una posición de medio juego (jugada
// de 7 fichas con 7 cruzadas): JugadaValida ≈ 0,4 µs en 15×15, igual en
// 1000×1000 y con 10.000 jugadas previas; Ubicar ≈ 1 µs; Puntaje ≈ 30–45
// ns por ficha pendiente y 4 ns sin pendientes; NuevoJuego ≈ 1,5 µs.
//
// # Errores
//
// Nada de lo que reciba una operación la hace entrar en pánico ni deja el
// juego a medias: [NuevoJuego] devuelve errores comparables con [errors.Is]
// ([ErrJugadoresInvalidos], [ErrRepositorioCorto], …); una jugada inválida
// se explica con un [*ErrorJugada] que nombra el motivo ([ErrCeldaOcupada],
// [ErrPalabraIlegitima], …) y la ficha o la palabra culpables.
package juego
