// Package internas genera las jugadas con el Método de las Palabras
// Internas de la tesis de Romero et al. (2018), capítulo 5.
//
// Para cada intervalo del tablero, su palabra interna principal es la
// corrida de fichas más larga que contiene (la primera si hay dos; ninguna
// si el intervalo no tiene fichas), colocada en su posición dentro del
// intervalo. El intervalo se descarta sin más si alguna de sus celdas
// libres no admite ninguna letra o si ninguna palabra de su largo tiene esa
// palabra interna en esa posición. Si no, con el umbral de decisión de las
// tablas (la tesis usa 10):
//
//   - si la palabra interna colocada está en a lo sumo umbral palabras, se
//     recorren esas palabras, filtradas por la inclusión de sus letras en
//     la mano más las fichas del intervalo (tiempo constante en la RPE de
//     generador/paridad);
//   - si no, se consulta la tabla de bajo nivel (palabra interna, posición,
//     multiconjunto) con cada submulticonjunto de la mano de tantas letras
//     como celdas libres: a lo sumo C(F, v) consultas. Un intervalo sin
//     fichas es la instancia (—, —, multiconjunto): los anagramas.
//
// Se sigue la sección 5.3 de la tesis para los nombres «de alto nivel» (el
// recorrido) y «de bajo nivel» (las consultas), que en la 5.6 aparecen
// cruzados. Cada candidata se valida como en generador/anagramas; los
// comodines, también como allí: al consultar, un comodín se enumera como
// cada letra, y al recorrer no se filtra por inclusión (la RPE no
// representa un comodín).
//
// [Generador] es un generador.Generador y da exactamente las jugadas del
// GADDAG de generador, con sus puntos y la misma mejor jugada. Necesita las
// tablas tablas.Internas del léxico, que se construyen en el proceso (ver
// Example):
//
//	t, err := tablas.NuevasInternas(v.Lexico(), v.TamanoTablero(), 10)
//	if err != nil {
//		panic(err)
//	}
//	g, _ := internas.Nuevo(v, t) // no falla: t es del léxico de v
package internas
