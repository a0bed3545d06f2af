// Package paridad implementa la Representación Paridad-Excedencia (RPE) de
// los multiconjuntos de letras de la tesis de Romero et al. (2018),
// capítulo 3: un multiconjunto en 64 bits que se suma, se compara y se
// resta en tiempo constante, con tablas precalculadas de un léxico.
//
// Una cantidad f se escribe f = 2e + p con p ∈ {0, 1}: p es la paridad y e
// la excedencia. Las paridades de todas las letras forman una máscara (32
// bits bajos); la excedencia, un multiconjunto chico, se reemplaza por su
// identificador en la tabla de las excedencias factibles del léxico, las de
// los submulticonjuntos de las letras de alguna palabra (32 bits altos).
// [Nuevas] construye las tablas a partir de un [trie.DAWG] cualquiera cuyas
// letras sean menores que 32; el [Multiconjunto] cero es el vacío. Una
// mano y una letra, sumadas (ver ExampleTablas_Sumar):
//
//	t, err := paridad.Nuevas(v.Lexico())
//	a, ok := t.Codificar(mano)
//	s, ok := t.Sumar(a, paridad.Letra(l))
//
// [Tablas.Sumar] sigue la tesis; [Tablas.Incluye] y [Tablas.Restar], que la
// tesis solo esboza, están derivados en la documentación de Restar.
// TestTablasReales (con PALABRAS_LARGAS=1) informa el tamaño de las tablas
// con los léxicos reales, para compararlo con las Tablas 3.4 y 3.9 de la
// tesis.
package paridad
