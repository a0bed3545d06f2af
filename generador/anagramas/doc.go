// Package anagramas genera las jugadas con el Método de los Anagramas de
// la tesis de Romero et al. (2018): para cada intervalo del tablero con v
// celdas libres, consulta los anagramas de las letras del intervalo más
// cada submulticonjunto de v letras de la mano (a lo sumo C(F, v)
// consultas) y valida cada anagrama con los conjuntos cruzados de las
// celdas.
//
// [Generador] es un generador.Generador y da exactamente las jugadas del
// GADDAG de generador, con sus puntos y la misma mejor jugada (las pruebas
// lo comparan en partidas al azar con las dos reglas y con comodines).
// Necesita la tabla tablas.Anagramas del léxico, que se construye en el
// proceso (ver Example):
//
//	t, err := tablas.NuevosAnagramas(v.Lexico(), v.TamanoTablero())
//	if err != nil {
//		panic(err)
//	}
//	g, _ := anagramas.Nuevo(v, t) // no falla: t es del léxico de v
//
// # Comodines
//
// La tesis deja los comodines para trabajos futuros, y la tabla no los
// tiene: un comodín de la mano se enumera como cada letra del alfabeto al
// armar los submulticonjuntos (cada multiconjunto de letras una vez,
// aunque salga de la mano de varias formas), y al validar una palabra se
// reparten los comodines entre sus celdas nuevas de todas las formas en
// que la mano alcanza, como en el GADDAG: cada reparto es una jugada.
//
// [Generador.Estadisticas] cuenta el trabajo de la última generación; el
// programa app/cmd/tesis lo compara con el GADDAG.
package anagramas
