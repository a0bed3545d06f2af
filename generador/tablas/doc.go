// Package tablas construye, a partir de un léxico, las tablas de los
// métodos de generación por intervalos de la tesis de Romero et al.
// (2018): la de anagramas del Método de los Anagramas ([Anagramas]) y las
// del Método de las Palabras Internas ([Internas]), con los multiconjuntos
// en la Representación Paridad-Excedencia de generador/paridad.
//
// Son grandes (decenas a cientos de MB con los léxicos reales) y se
// construyen en el proceso: por eso son opcionales. Los generadores
// generador/anagramas y generador/internas las usan, y el GADDAG de
// generador puede usar [Anagramas] para el tablero vacío
// (generador.Opciones.Anagramas). No cambian después de construidas y
// pueden compartirse entre gorutinas. Los anagramas de una mano (ver
// ExampleNuevosAnagramas):
//
//	a, err := tablas.NuevosAnagramas(v.Lexico(), v.TamanoTablero())
//	if err != nil {
//		panic(err)
//	}
//	rpe, _ := a.Paridad.Codificar(mano) // la mano en la RPE
//	ids := a.Buscar(rpe)                // sus anagramas
//
// TestTablasReales (con PALABRAS_LARGAS=1) informa sus tamaños con los
// léxicos reales, para compararlos con la Tabla 5.5 de la tesis.
package tablas
