// Package generador lista todas las jugadas válidas de una mano sobre el
// tablero de un juego, cada una con sus puntos: la base de los bots, las
// pistas y el análisis.
//
// Un [Generador] se crea para una variante ([Nuevo], que usa el
// [trie.GADDAG] que la variante construye o lee una sola vez,
// variante.Variante.GADDAG; o [NuevoConGADDAG] con uno propio) y sirve para
// todos sus juegos. Con las variantes embebidas de variante/espanol el
// GADDAG viene hecho y el generador está listo en milisegundos. Para el
// jugador en turno (o para cualquier mano, con los métodos …De) da las
// jugadas una a una sin guardarlas ([Generador.Jugadas], un iter.Seq que
// se puede cortar), la mejor ([Generador.Mejor]) o cuántas hay
// ([Generador.Contar]). Generar no reserva memoria por jugada: Contar no
// reserva nada, Mejor solo la copia de la jugada que devuelve y cada
// recorrido de Jugadas unas pocas reservas fijas (la función que lo
// recorre).
//
// # Qué es una jugada
//
// Exactamente lo que [juego.Juego.JugadaValida] acepta, con los puntos que
// [juego.Juego.Ubicar] suma: con las reglas de la especificación, una
// jugada puede estar en cualquier parte del tablero (sin anclas) y una
// ficha aislada vale si es una palabra de una letra; con las opciones
// clásicas de la variante, la primera jugada cubre el centro y forma una
// palabra de dos letras o más, las demás tocan alguna ficha, los premios
// cuentan solo bajo las fichas nuevas, un comodín vale 0 y el bingo se suma
// al poner F fichas. Una jugada es su conjunto de fichas: la de una sola
// ficha se da una vez aunque forme palabras en las dos direcciones, y un
// comodín que representa otra letra es otra jugada. Las pruebas lo
// comparan con la fuerza bruta (todos los conjuntos alineados de fichas de
// la mano que JugadaValida acepta) en partidas al azar con las dos reglas,
// y con las cantidades publicadas de posiciones de referencia.
//
// # Método
//
// Es el algoritmo de Gordon (1994) sobre un GADDAG, que las fuentes (002,
// §2.3; 004, §2.2.1) comparan con el de Appel y Jacobson: desde cada ancla
// la palabra crece primero hacia la izquierda, leyendo el GADDAG al revés,
// y tras el separador sigue hacia la derecha por el DAWG, así que cada
// jugada se arma una sola vez y solo por caminos que el léxico permite.
// Las anclas son las de Macondo y MAGPIE: en cada línea, la última ficha de
// cada tramo de fichas seguidas, y cada celda libre vecina de una ficha (o
// el centro, con el tablero vacío; con las reglas de la especificación,
// cada celda libre) que no toca un tramo en la línea. Partir de la última
// ficha de un tramo lee primero las letras que ya están, y el GADDAG poda
// enseguida. Cada jugada sale de la primera ancla de su palabra principal,
// porque hacia la izquierda no se ponen fichas en un ancla ni junto a un
// tramo. Las jugadas de una ficha se generan aparte, celda por celda.
//
// Lo que lo hace rápido, además del algoritmo:
//
//   - El GADDAG no repite la parte posterior al separador: es una copia
//     del DAWG del léxico ([trie.GADDAG]). En memoria cada estado es la
//     máscara de 64 bits de sus salidas seguida de sus arcos (letra,
//     aceptación y destino, como el formato KWG, y el resumen de las
//     salidas del destino), en el orden de un recorrido en anchura: las
//     letras a probar en una celda son la intersección de la máscara, el
//     conjunto cruzado y la mano, y cada arco se ubica contando los bits
//     menores de la máscara. Un estado no se lee hasta entrar en él, y no
//     se entra si no sale con la letra de la celda siguiente, si está
//     ocupada, o con alguna que la mano puede poner en ella, si está libre
//     (el resumen del arco lo dice): el bit de aceptación del arco dice si
//     la palabra termina ahí (en la parte invertida, si lo leído, dado
//     vuelta, es una palabra).
//   - Cada letra se pone una sola vez: con una ficha de la mano si la hay
//     y si no con un comodín. Al encontrar una palabra, cada forma de
//     elegir qué fichas son comodines es una jugada: Contar las cuenta sin
//     recorrerlas (con hasta dos comodines, con una fórmula que solo mira
//     cuántas fichas de la letra forzada tenía la mano), Mejor elige la que menos resta y Jugadas las entrega
//     todas. Así un comodín no duplica la búsqueda por cada letra de la
//     mano que también podría representar.
//   - Conjuntos cruzados precalculados: para cada celda libre y cada
//     dirección, las letras que la palabra perpendicular admite (un
//     letra.Conjunto de 64 bits) y la suma de sus otras letras, juntos
//     con la letra, los premios y el ancla de la celda. Se guardan entre
//     llamadas: con el mismo juego, solo se recalculan las celdas en los
//     extremos de las corridas que tocan las fichas nuevas.
//   - El puntaje se arma al bajar: suma de la palabra principal, producto
//     de sus premios de palabra y puntos de las cruzadas ya formadas.
//   - Si el tablero es simétrico respecto de la diagonal (como el vacío con
//     los premios clásicos o sin premios), las jugadas verticales son las
//     horizontales traspuestas, con los mismos puntos: se busca una sola
//     dirección y se entrega cada jugada dos veces.
//
// # Tablero vacío con la tabla de anagramas (opcional)
//
// Con [Generador.UsarAnagramas] y una tabla de generador/tablas, el
// tablero vacío con la regla de conexión (la primera jugada clásica) no
// usa el GADDAG sino el Método de los Anagramas de la fuente 002: cada
// multiconjunto de dos letras o más que la mano puede poner (los comodines
// como cualquier letra), sumado letra a letra en la representación
// paridad-excedencia (generador/paridad), es una consulta a la tabla, y
// cada anagrama va a cada posición que cubre el centro, sin conjuntos
// cruzados que mirar. Es la etapa en que ese método gana: el GADDAG
// recorre caminos del léxico que la mano no completa, y con el tablero
// vacío no hay fichas que los corten; con fichas en el tablero gana el
// GADDAG (app/tesis). La elección es fija: tablero vacío y conexión,
// tabla; si no, GADDAG. Las jugadas y los puntos son los mismos
// (TestUsarAnagramas, 3.000 partidas al azar con comodines).
//
// BenchmarkVacio la compara con el GADDAG; las cifras de la máquina de
// desarrollo están en el README.
//
// La tabla (tablas.NuevosAnagramas, palabras de hasta 15 letras) ocupa
// unos 69 MB con el español y 52 MB con el inglés.
//
// # Cifras
//
// Cantidad de jugadas (con sus puntos, contadas sin guardarlas y sin
// reservar memoria) en las posiciones que miden los benchmarks de
// bench_test.go; los tiempos dependen de la máquina y se obtienen con
// go test -run '^$' -bench . ./generador (el README tiene los de la
// máquina de desarrollo). BenchmarkPosiciones mide además 24 posiciones
// de partidas de bots en inglés y en español (testdata/posiciones:
// apertura, media partida abierta y llena, y final, cada una con 0, 1 y 2
// comodines en la mano), y app/curva dibuja el tiempo de cada turno
// de una partida entera:
//
//	posición (reglas clásicas)              jugadas
//	inglés, tablero vacío, AEINRST            2.916
//	inglés, tablero vacío, ?EINRST           23.640
//	inglés, posición de referencia, ARTHOUS   1.144
//	español FISE, tablero vacío, AEINRST      2.752
//	español FISE, tablero vacío, ?EINRST     12.712
//	especificación, español, vacío, AEINRST 100.320
//
// Una partida clásica entera de dos bots codiciosos en español está en
// examples/partida (BenchmarkPartidaClasica). BenchmarkListoEspanol mide,
// en un proceso nuevo, cuánto tarda en estar listo el generador de la
// variante clásica española y cuánta memoria retiene.
package generador
