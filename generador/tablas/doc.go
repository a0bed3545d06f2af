// Package tablas construye, a partir de un léxico, las tablas de los
// métodos de generación por intervalos de la tesis de la fuente 002: la de
// anagramas del Método de los Anagramas ([Anagramas]) y las del Método de
// las Palabras Internas ([Internas]), con los multiconjuntos en la
// Representación Paridad-Excedencia de generador/paridad.
//
// Son grandes (decenas a cientos de MB con los léxicos reales) y se
// construyen en el proceso, en segundos: por eso son opcionales. Los
// generadores generador/anagramas y generador/internas las usan, y
// generador.Generador puede usar [Anagramas] para el tablero vacío
// (generador.Generador.UsarAnagramas). No cambian después de construidas y
// pueden compartirse entre gorutinas.
package tablas
