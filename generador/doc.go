// Package generador lista las jugadas válidas de una mano sobre el tablero
// de un juego, cada una con sus puntos: la base de los bots, las pistas y
// el análisis.
//
// Un [Generador] da, para el jugador en turno o para cualquier mano (los
// métodos …De), las jugadas una a una sin guardarlas (Jugadas, un iter.Seq
// que se puede cortar), cuántas hay (Contar) o la mejor (Mejor, con el
// desempate de [Comparar]). Una jugada es exactamente lo que
// juego.Juego.JugadaValida acepta, con los puntos que juego.Juego.Ubicar
// suma, con las reglas de la especificación o con las clásicas de la
// variante (docs/reglas.md, reglas R3, R4 y C1 a C4).
//
// [GADDAG] es el generador de uso general: [Nuevo] lo crea para una
// variante con el trie.GADDAG que la variante obtiene una vez
// (variante.Variante.GADDAG; el de los léxicos embebidos de variante/espanol
// viene hecho), y sirve para todos sus juegos. Sigue el algoritmo de
// Gordon (1994): desde cada ancla la palabra crece hacia la izquierda
// leyendo el GADDAG al revés y, tras el separador, hacia la derecha, así
// que solo recorre caminos que el léxico permite. Guarda los conjuntos
// cruzados del último tablero y los actualiza solo donde hubo jugadas
// nuevas; pone cada letra una vez y reparte los comodines al encontrar la
// palabra; si el tablero es simétrico busca una sola dirección. Generar no
// reserva memoria por jugada: Contar no reserva nada y Mejor solo la
// jugada que devuelve. Con [Opciones.Anagramas], el tablero vacío usa la
// tabla del Método de los Anagramas.
//
// Los paquetes generador/anagramas y generador/internas implementan los
// métodos de la tesis de Romero et al. (2018) con la misma interfaz, y
// generador/tablas y generador/paridad sus tablas. Las pruebas comparan
// cada generador con la fuerza bruta o con el GADDAG en partidas al azar.
//
// Uso:
//
//	g, err := generador.Nuevo(v, generador.Opciones{})
//	for jugada := range g.Jugadas(j) { … }
//	mejor, ok := g.Mejor(j)
package generador
