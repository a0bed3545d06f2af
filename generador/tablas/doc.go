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
//
// # Cifras
//
// Palabras de hasta 15 letras, umbral 10 (TestTablasReales; entre
// paréntesis, la Tabla 5.5 de la tesis, con su español y con NWL23 en
// inglés). Los tiempos de construcción y el pico de memoria de la máquina
// de desarrollo están en docs/tesis/README.md:
//
//	                                 español FISE             inglés SOWPODS
//	ocurrencias de P. I. colocadas   14.184.939 (14.441.912)  5.209.307 (3.567.631)
//	P. I. colocadas distintas        1.055.710 (1.059.816)    428.827 (315.743)
//	palabras internas (2+ letras)    299.462 (303.073)        118.289 (87.835)
//	claves de la tabla de bajo nivel 11.087.548               4.322.794
//	memoria de Internas              631 MB                   307 MB
//	memoria de Anagramas             69 MB                    52 MB
//
// SOWPODS tiene
// más palabras que NWL23, por eso sus cifras son mayores que las de la
// tesis; el español es casi el mismo léxico.
package tablas
