// Package trie guarda conjuntos de palabras (conj(secu(letra)) en la
// especificación): el trie de palabras del diseño, que envuelve la variante
// para responder palabraLegítima? en O(Lmax).
//
// Hay dos formas, con la misma interfaz de consulta y navegación ([Lexico]):
//
//   - [Trie], mutable: se le agregan palabras de a una, en cualquier orden
//     ([Trie.Definir]). Cada nodo ocupa 12 bytes en lugar del arreglo de
//     |Σ| punteros del diseño.
//   - [DAWG], de solo lectura: el autómata mínimo del conjunto, que comparte
//     prefijos y sufijos (el trie del diseño no cabe en memoria con un
//     léxico real: docs/reglas.md, regla R11). Se construye con
//     [Constructor] (palabras ordenadas, minimización incremental),
//     [NuevoDAWG] o [Trie.Minimizar], y se guarda en una codificación
//     binaria compacta, versionada y con suma de control
//     ([DAWG.MarshalBinary], [Decodificar]).
//
// Para generar jugadas hay además un [GADDAG] (Gordon, 1994), construido a
// partir del DAWG con [NuevoGADDAG] o leído de su codificación con
// [DecodificarGADDAG]: acepta cada palabra leída desde cualquiera de sus
// letras, primero hacia atrás y después hacia adelante, y copia el DAWG
// para la parte que se lee hacia adelante. Se navega por nodos como un
// DAWG; la disposición de sus arcos en memoria es un detalle del motor de
// generación. [Estado] lee las salidas de un estado de un DAWG de una vez,
// para recorrerlas sin volver a buscarlo.
//
// Las palabras son slices de [letra.Letra] y cada letra debe ser menor que
// letra.MaxLetras. Los recorridos son deterministas: letras en orden
// creciente, palabras en orden lexicográfico.
package trie
