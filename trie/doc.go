// Package trie guarda conjuntos de palabras (conj(secu(letra)) en la
// especificación): el "trie de palabras" del diseño (§4.5) que envuelve la
// variante para responder palabraLegítima? en O(Lmax).
//
// Hay dos formas, con la misma interfaz de consulta y navegación ([Lexico]):
//
//   - [Trie], mutable: se le agregan palabras de a una, en cualquier orden
//     ([Trie.Definir]). Cada nodo ocupa 12 bytes en lugar del arreglo de
//     |Σ| punteros del diseño.
//   - [DAWG], de solo lectura: el autómata mínimo del conjunto, que comparte
//     prefijos y sufijos. Se construye con [Constructor] (palabras ordenadas,
//     minimización incremental), [NuevoDAWG] o [Trie.Minimizar], y se
//     guarda en una codificación binaria compacta, versionada y con suma de
//     control ([DAWG.MarshalBinary], [Decodificar]).
//
// Para generar jugadas hay además un [GADDAG] (Gordon), construido a partir
// del DAWG con [NuevoGADDAG] o leído de su codificación con
// [DecodificarGADDAG]: acepta cada palabra leída desde cualquiera de sus
// letras, primero hacia atrás y después hacia adelante, y copia el DAWG
// para la parte que se lee hacia adelante. Se codifica en arcos de 32
// bits ([Arco], como el formato KWG); en memoria cada estado lleva delante
// la máscara de sus salidas y cada arco el resumen de las de su destino
// ([Arcos]). [Estado] lee las salidas de un estado de un DAWG de
// una vez, para recorrerlas sin volver a buscarlo.
//
// Cifras con el léxico español de 636.598 palabras (alfabeto de 27 letras):
// el trie tiene 1.089.747 nodos (13 MB); el DAWG, 48.061 estados y 133.433
// transiciones (0,9 MB en memoria, 417 KB codificado). Con el inglés SOWPODS
// (267.751 palabras), 77.808 estados y 185.701 transiciones.
//
// Las palabras son slices de [letra.Letra] y cada letra debe ser menor que
// letra.MaxLetras. Los recorridos son deterministas: letras en orden
// creciente, palabras en orden lexicográfico.
package trie
