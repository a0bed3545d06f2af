package espanol

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/internal/tablas"
)

//go:generate go run ./internal/generar

// lexicoCodificado es el léxico es.txt.gz (636.598 palabras, licencia MIT:
// ver lexico.LICENSE) leído con letra.Espanol y codificado con
// trie.DAWG.MarshalBinary.
//
//go:embed lexico.dawg
var lexicoCodificado []byte

// lexicoDigrafosCodificado es el mismo léxico leído con
// letra.EspanolConDigrafos: CH, LL y RR son una sola letra.
//
//go:embed lexico_digrafos.dawg
var lexicoDigrafosCodificado []byte

// Tamaño del tablero y fichas por jugador de la variante.
const (
	Tamano = 15
	Fichas = 7
)

// puntajes son los valores del juego español tradicional, con K y W a 8
// (el alfabeto letra.Espanol las tiene, aunque ninguna palabra del léxico
// las usa y la bolsa no tiene fichas de ellas).
var puntajes = map[string]int{
	"A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1,
	"J": 8, "K": 8, "L": 1, "M": 3, "N": 1, "Ñ": 8, "O": 1, "P": 3, "Q": 5,
	"R": 1, "S": 1, "T": 1, "U": 1, "V": 4, "W": 8, "X": 8, "Y": 4, "Z": 10,
}

// distribucion es una bolsa de 98 fichas: las 98 de letras del juego
// español, con las de CH, LL y RR sumadas a C, L y R (este alfabeto no tiene
// dígrafos). No tiene K ni W: ninguna palabra del léxico las usa (R14). El
// TAD no tiene comodines.
var distribucion = map[string]int{
	"A": 12, "B": 2, "C": 5, "D": 5, "E": 12, "F": 1, "G": 2, "H": 2, "I": 6,
	"J": 1, "L": 5, "M": 2, "N": 5, "Ñ": 1, "O": 9, "P": 2, "Q": 1,
	"R": 6, "S": 6, "T": 4, "U": 5, "V": 1, "X": 1, "Y": 1, "Z": 1,
}

// puntajesFISE son los valores del juego clásico de la Federación
// Internacional de Scrabble en Español, uno por cada una de las 28 letras
// de letra.EspanolConDigrafos: con CH, LL y RR, sin K ni W (R13).
var puntajesFISE = map[string]int{
	"A": 1, "B": 3, "C": 3, "CH": 5, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4,
	"I": 1, "J": 8, "L": 1, "LL": 8, "M": 3, "N": 1, "Ñ": 8, "O": 1,
	"P": 3, "Q": 5, "R": 1, "RR": 8, "S": 1, "T": 1, "U": 1, "V": 4,
	"X": 8, "Y": 4, "Z": 10,
}

// distribucionFISE es la bolsa del juego FISE: 98 fichas de letras más
// los 2 comodines.
var distribucionFISE = map[string]int{
	"A": 12, "B": 2, "C": 4, "CH": 1, "D": 5, "E": 12, "F": 1, "G": 2, "H": 2,
	"I": 6, "J": 1, "L": 4, "LL": 1, "M": 2, "N": 5, "Ñ": 1, "O": 9, "P": 2,
	"Q": 1, "R": 5, "RR": 1, "S": 6, "T": 4, "U": 5, "V": 1, "X": 1, "Y": 1,
	"Z": 1,
}

// ComodinesFISE es la cantidad de comodines de la bolsa clásica.
const ComodinesFISE = 2

// Puntajes devuelve el valor de cada letra de la variante. El mapa es una
// copia.
func Puntajes() map[letra.Letra]int { return tablas.PorLetra(letra.Espanol(), puntajes) }

// Distribucion devuelve cuántas fichas de cada letra hay en una bolsa (98
// en total, sin K ni W). El mapa es una copia.
func Distribucion() map[letra.Letra]int { return tablas.PorLetra(letra.Espanol(), distribucion) }

// PuntajesClasicos devuelve el valor de cada letra del juego FISE, en el
// alfabeto letra.EspanolConDigrafos. El mapa es una copia.
func PuntajesClasicos() map[letra.Letra]int {
	return tablas.PorLetra(letra.EspanolConDigrafos(), puntajesFISE)
}

// DistribucionClasica devuelve cuántas fichas de cada letra hay en la bolsa
// FISE (98; con los [ComodinesFISE] comodines, 100), en el alfabeto
// letra.EspanolConDigrafos. El mapa es una copia.
func DistribucionClasica() map[letra.Letra]int {
	return tablas.PorLetra(letra.EspanolConDigrafos(), distribucionFISE)
}

// cargarClasica decodifica el léxico con dígrafos y arma la variante
// clásica.
func cargarClasica() (*variante.Variante, error) {
	lexico, err := trie.Decodificar(lexicoDigrafosCodificado, trie.Opciones{})
	if err != nil {
		return nil, fmt.Errorf("espanol: léxico embebido con dígrafos: %w", err)
	}
	op := variante.Clasicas()
	op.Distribucion, op.Comodines = DistribucionClasica(), ComodinesFISE
	return variante.Nueva(letra.EspanolConDigrafos(), Tamano, Fichas, PuntajesClasicos(), lexico, op)
}

var clasica = sync.OnceValue(func() *variante.Variante {
	v, err := cargarClasica()
	if err != nil {
		panic(err) // como en compartida: se verifica en las pruebas
	}
	return v
})

// Clasica devuelve la variante española del juego clásico, el de los
// torneos de la FISE: el alfabeto letra.EspanolConDigrafos (CH, LL y RR son
// fichas; no tiene K ni W), los valores de [PuntajesClasicos], la bolsa de
// 100 fichas de [DistribucionClasica] (98 de letras y 2 comodines, que
// solo pueden representar esas 28 letras), el mismo léxico embebido leído con
// ese alfabeto, y las reglas de variante.Clasicas: premios, centro
// y conexión, bingo de 50, cambios, bolsa y fin de partida.
//
// Como [Variante], la primera llamada decodifica el léxico y las siguientes
// devuelven la misma variante inmutable.
func Clasica() *variante.Variante { return clasica() }

// cargar decodifica el léxico embebido y arma la variante.
func cargar() (*variante.Variante, error) {
	lexico, err := trie.Decodificar(lexicoCodificado, trie.Opciones{})
	if err != nil {
		return nil, fmt.Errorf("espanol: léxico embebido: %w", err)
	}
	return variante.Nueva(letra.Espanol(), Tamano, Fichas, tablas.PorLetra(letra.Espanol(), puntajes), lexico,
		variante.Opciones{Distribucion: tablas.PorLetra(letra.Espanol(), distribucion)})
}

var compartida = sync.OnceValue(func() *variante.Variante {
	v, err := cargar()
	if err != nil {
		// El léxico embebido se verifica en las pruebas: esto no ocurre
		// en una versión publicada.
		panic(err)
	}
	return v
})

// Variante devuelve la variante española por omisión: tablero de 15×15, 7
// fichas por jugador, el alfabeto letra.Espanol (A–Z y Ñ), los valores de
// [Puntajes], la bolsa de 98 fichas de [Distribucion] (sin K ni W) y como
// palabras legítimas las
// 636.598 del léxico embebido (formas flexionadas incluidas; sin tildes, que
// el alfabeto ignora al leer).
//
// La primera llamada decodifica el léxico (menos de 1 MB); las siguientes
// devuelven la misma variante, que es inmutable y puede compartirse entre
// juegos y gorutinas.
func Variante() *variante.Variante { return compartida() }
