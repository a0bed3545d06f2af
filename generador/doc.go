// Package generador lista todas las jugadas válidas de una mano sobre el
// tablero de un juego, cada una con sus puntos.
package generador
