// Package final resuelve finales de partida: con la bolsa vacía las dos
// manos se conocen y la partida es un juego de dos jugadores con
// información perfecta.
package final
