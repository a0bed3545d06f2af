// Package juego es el TAD JUEGO: una partida sobre el tablero del TAD
// TABLERO (paquete juego/tablero), con la representación y las cotas del
// diseño. Sigue las reglas de docs/reglas.md: sin opciones, la
// especificación al pie de la letra (las palabras de la regla R1, la jugada
// válida de R3 y R5, el puntaje de R4, ubicar según R6, el repositorio de
// R7); con las opciones de la variante (variante.Clasicas; listas en
// espanol.Clasica e ingles.Variante), las reglas clásicas C1 a C8: premios,
// centro y conexión, comodines, bingo, cambios, bolsa y fin de partida.
//
// Se empieza con [Nuevo] (un repositorio) o con [DesdePosicion] (una
// [Posicion]: tablero, manos, puntajes, turno y bolsa como valor, que
// [Juego.Posicion] toma de un juego). Cada turno es [Juego.Ubicar] (una
// ocurrencia; la vacía es pasar), [Juego.Pasar] o [Juego.Cambiar];
// [Juego.Validar] y [Juego.PuntajeObtenido] juzgan una jugada sin hacerla.
// Una posición se lee con juego/cgp; [Juego.Sucesos] es el registro de la
// partida, que juego/gcg escribe y lee; [Juego.Ajustar], [Juego.AsignarMano]
// y [Juego.ProximasFichas] sirven para repetir partidas registradas. Una
// jugada escrita como los jugadores ("8D CASA") se lee con juego/notacion
// sobre [Juego.Tablero] (ver ExampleJuego_Ubicar):
//
//	j, _ := juego.Nuevo(2, v, r)
//	jugada, _ := notacion.Parsear("8D CASA", j.Tablero())
//	puntos, err := j.Ubicar(jugada.Fichas)
//
// El tablero es un arreglo de N×N punteros a la letra y el momento en que
// se ubicó: [Juego.JugadaValida] recorre solo las palabras que pasan por
// las fichas nuevas siguiendo el DAWG de la variante, en O(m + Lmax²) sin
// reservar memoria; [Juego.Ubicar] anota la jugada en O(m); [Juego.Puntaje]
// suma de forma perezosa las jugadas pendientes, cada una sobre el tablero
// de su momento. [Juego.Verificar] comprueba el invariante de
// representación.
//
// Nada de lo que reciba una operación la hace entrar en pánico ni deja el
// juego a medias. Una jugada inválida se explica con un [*ErrorJugada] que
// envuelve a [ErrJugadaInvalida] y al motivo ([ErrPalabraIlegitima],
// tablero.ErrCeldaOcupada, …) y nombra la ficha o la palabra culpables, con
// las coordenadas de la API, desde 0; los motivos se comprueban en el orden
// en que los espera quien juega: fuera del tablero, ocupadas, superpuestas,
// letras, alineación, largo, huecos y palabras.
package juego
