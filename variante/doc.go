// Package variante implementa el TAD VARIANTE (§2.1.5): las reglas que
// cambian de un juego a otro. Una [Variante] sabe el tamaño N del tablero,
// cuántas fichas F tiene cada jugador, cuánto vale cada letra (1 si no se
// dice) y qué palabras son legítimas; además, su alfabeto y la distribución
// de sus fichas.
//
// Las palabras legítimas se guardan en un trie minimizado ([trie.DAWG]):
// [Variante.PalabraLegitima] es O(Lmax), no reserva memoria y tarda
// decenas de nanosegundos con el léxico español completo.
//
// [LeerLexico] lee un léxico de texto (una palabra por línea, comprimido con
// gzip o no) con errores que dicen la línea y la palabra que falló.
// [Variante.Repositorio] genera la cola de letras de un juego, reproducible a
// partir de una semilla.
//
// La variante española por omisión, con su léxico embebido, está en el
// subpaquete [github.com/juegodepalabras/palabras/variante/espanol]; quien no
// la importa no la paga.
package variante
