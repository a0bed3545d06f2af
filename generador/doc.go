// Package generador lista las jugadas válidas de una mano sobre el tablero
// de un juego, cada una con sus puntos, y encuentra las mejores por
// equidad: la base de los bots, las pistas y el análisis.
//
// Un [Generador] da, para el jugador en turno o para cualquier mano (los
// métodos …De), las jugadas una a una sin guardarlas (Jugadas, un iter.Seq
// que se puede cortar), cuántas hay (Contar) o la mejor (Mejor, con el
// desempate de [Comparar]). Una jugada es exactamente lo que
// juego.Juego.JugadaValida acepta, con los puntos que juego.Juego.Ubicar
// suma (docs/reglas.md, reglas R3, R4 y C1 a C4).
//
// [GADDAG] es el generador de uso general: [Nuevo] lo crea para una
// variante con el trie.GADDAG que la variante obtiene una vez, y sirve para
// todos sus juegos. Sigue el algoritmo de Gordon (1994): desde cada ancla
// la palabra crece hacia la izquierda leyendo el GADDAG al revés y, tras el
// separador, hacia la derecha. Actualiza los conjuntos cruzados solo donde
// hubo jugadas nuevas, pone cada letra una vez y reparte los comodines al
// encontrar la palabra, busca una sola dirección si el tablero es simétrico
// y en la primera jugada lee cada palabra una vez. Contar no reserva
// memoria, Jugadas no reserva por jugada y Mejor solo la jugada que da.
//
// [MejoresPorEquidad] da las K mejores elecciones (jugadas, cambios o pasar)
// por equidad, los puntos más el valor de la hoja que queda según unas
// [Hojas] (las tablas de analisis/hojas), en el orden de
// [CompararElecciones]. El GADDAG no genera las jugadas que no pueden ganar:
// acota la equidad de las de cada ancla (con los premios, los valores de la
// mano, las mejores hojas y las palabras que forman sus fichas), visita las
// anclas de la mayor cota a la menor y para en el umbral; da lo mismo que
// [RecorrerPorEquidad], que las recorre todas con cualquier Generador.
//
// Los paquetes generador/anagramas y generador/internas implementan los
// métodos de la tesis de Romero et al. (2018) con la misma interfaz, y
// generador/tablas y generador/paridad sus tablas.
//
// Las tres mejores elecciones (ver ExampleMejoresPorEquidad):
//
//	g, _ := generador.Nuevo(v, generador.Opciones{})
//	mano, _ := j.Fichas(j.Turno())
//	for _, e := range generador.MejoresPorEquidad(g, j, mano, hojas, 3, nil) {
//		fmt.Println(e.Jugada.Ocurrencia().Formatear(alf), e.Jugada.Puntos, e.Hoja, e.Equidad)
//	}
package generador
