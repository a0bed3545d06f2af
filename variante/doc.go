// Package variante implementa el TAD VARIANTE: las reglas que
// cambian de un juego a otro. Una [Variante] sabe el tamaño N del tablero,
// cuántas fichas F tiene cada jugador, cuánto vale cada letra (1 si no se
// dice) y qué palabras son legítimas; además, su alfabeto y la distribución
// de sus fichas.
//
// Las palabras legítimas se guardan en un trie minimizado ([trie.DAWG]):
// [Variante.PalabraLegitima] es O(Lmax) y no reserva memoria.
//
// [LeerLexico] lee un léxico de texto (una palabra por línea, comprimido con
// gzip o no), con los límites de [OpcionesLexico] y errores que dicen la
// línea y la palabra que falló.
// [Variante.Repositorio] genera la cola de letras de un juego, reproducible a
// partir de una semilla.
//
// Las reglas clásicas de los torneos son campos de [Opciones], cuyo valor
// cero es la variante de la especificación: casillas de premio (con la
// disposición de [PremiosClasicos]), centro y conexión, comodines, bingo,
// cambios, bolsa sin largo mínimo y fin de partida. [Clasicas] las junta;
// [Variante.Con] deriva una variante con otras opciones.
//
// Una variante también se describe como datos, en un archivo de texto
// chico ([LeerDescripcion], [EscribirDescripcion]): el alfabeto con sus
// fichas de varios caracteres, la bolsa, el tablero con sus premios, la
// mano, el bingo y las reglas de fin. [Descripciones] da las incluidas
// (español, inglés en 15×15 y en 21×21, catalán, holandés, francés, alemán,
// noruego, polaco y esloveno) y [PorNombre] las busca por nombre o por el
// ld de CGP y el #lexicon de GCG; [Descripcion.LeerVariante] arma la
// variante con la lista de palabras que se le dé.
//
// La variante española por omisión, con su léxico embebido, y la clásica de
// la FISE (con CH, LL y RR) están en el subpaquete
// [github.com/juegodepalabras/palabras/variante/espanol]; la inglesa clásica,
// con la lista de palabras que se le dé, en
// [github.com/juegodepalabras/palabras/variante/ingles]. Quien no los importa
// no los paga. Las reglas citadas (R8, R14…) son las de docs/reglas.md.
package variante
