// Package anagramas genera las jugadas con el Método de los Anagramas
// (Romero et al. 2018; tesis de la fuente 002, §2.3.3 y §4.3): para cada
// intervalo del tablero con v celdas libres, consulta los anagramas de las
// letras del intervalo más cada submulticonjunto de v letras de la mano (a
// lo sumo C(7, v) consultas) y valida cada anagrama con los conjuntos
// cruzados de las celdas.
//
// [Generador] tiene la API de generador.Generador y da exactamente sus
// jugadas con sus puntos (las pruebas lo comparan en partidas al azar con
// las dos reglas, con comodines, y en partidas reales). Necesita la tabla
// tablas.Anagramas del léxico, que se construye en el proceso.
//
// # Comodines
//
// La tesis deja los comodines para trabajos futuros (el artículo original
// guarda también los anagramas con comodines: la mayor parte de sus 300 a
// 400 MB). Aquí la tabla no los tiene: un comodín de la mano se enumera
// como cada letra del alfabeto al armar los submulticonjuntos (cada
// multiconjunto de letras una vez, aunque salga de la mano de varias
// formas), y al validar una palabra se reparte los comodines entre sus
// celdas nuevas de todas las formas en que la mano alcanza: cada reparto es
// una jugada distinta. Ver intervalos.Motor.Probar.
//
// Ver app/tesis para la comparación con el GADDAG.
package anagramas
