// Package tad transcribe literalmente los axiomas de Pacalgo2 (los TAD
// CASILLERO, MAPA y PACALGO2 de sus dos partes) para usarlos como modelo en
// las pruebas de examples/pacalgo2/pacalgo: las pruebas de propiedades
// comparan el juego con estas funciones después de cada movimiento.
//
// La transcripción es deliberadamente ingenua: los conjuntos son slices sin
// repetidos (dameUno es el primero y sinUno el resto), un juego es el
// término de sus generadores (inicializarJuego y los movimientos, en orden)
// y cada observador recorre el término con la recursión de su axioma; los
// nombres son los del TAD. Solo sirve para mapas chicos y partidas cortas.
//
// Donde la especificación está mal escrita se sigue lo decidido para la
// biblioteca, y cada función lo dice: perdió? lleva la negación que le
// falta (se pierde con un fantasma cerca, no sin él), aDistanciaMenosDeN es
// "a distancia n o menos" (lo que da su recursión), y la precondición de
// nuevoMapa, ilegible en la cláusula de los fantasmas, es la de la
// biblioteca: todo dentro del mapa, fantasmas y paredes disjuntos, inicio
// distinto de la llegada y libre, y ningún fantasma a distancia 3 o menos
// del inicio salvo que el inicio tenga un chocolate.
package tad
