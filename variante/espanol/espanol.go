package espanol

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
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

// descripcion devuelve la descripción incluida en el paquete variante de
// nombre n ("espanol" o "espanol-fise").
func descripcion(n string) *variante.Descripcion {
	d, ok := variante.PorNombre(n)
	if !ok {
		panic("espanol: falta la descripción " + n) // se verifica en las pruebas
	}
	return d
}

// tabla devuelve, por símbolo, el valor (o la cantidad de fichas, sin las
// letras que no tienen) de cada letra de la descripción n.
func tabla(n string, cantidades bool) map[string]int {
	m := map[string]int{}
	for _, x := range descripcion(n).Letras {
		switch {
		case !cantidades:
			m[x.Simbolo] = x.Valor
		case x.Cantidad > 0:
			m[x.Simbolo] = x.Cantidad
		}
	}
	return m
}

// Las tablas de las dos variantes, por símbolo, como las leen las pruebas.
var (
	puntajes         = tabla("espanol", false)
	distribucion     = tabla("espanol", true)
	puntajesFISE     = tabla("espanol-fise", false)
	distribucionFISE = tabla("espanol-fise", true)
)

// ComodinesFISE es la cantidad de comodines de la bolsa clásica.
const ComodinesFISE = 2

// Puntajes devuelve el valor de cada letra de la variante: los del juego
// español tradicional, con K y W a 8 (el alfabeto letra.Espanol las tiene,
// aunque ninguna palabra del léxico las usa y la bolsa no tiene fichas de
// ellas). Salen de la descripción "espanol" (variante.PorNombre). El mapa
// es una copia.
func Puntajes() map[letra.Letra]int { return descripcion("espanol").Puntajes() }

// Distribucion devuelve cuántas fichas de cada letra hay en una bolsa (98
// en total: las del juego español, con las de CH, LL y RR sumadas a C, L y
// R; sin K ni W). El mapa es una copia.
func Distribucion() map[letra.Letra]int {
	return descripcion("espanol").Opciones(letra.Espanol()).Distribucion
}

// PuntajesClasicos devuelve el valor de cada letra del juego FISE, en el
// alfabeto letra.EspanolConDigrafos: con CH, LL y RR, sin K ni W (R13).
// Salen de la descripción "espanol-fise". El mapa es una copia.
func PuntajesClasicos() map[letra.Letra]int { return descripcion("espanol-fise").Puntajes() }

// DistribucionClasica devuelve cuántas fichas de cada letra hay en la bolsa
// FISE (98; con los [ComodinesFISE] comodines, 100), en el alfabeto
// letra.EspanolConDigrafos. El mapa es una copia.
func DistribucionClasica() map[letra.Letra]int {
	return descripcion("espanol-fise").Opciones(letra.EspanolConDigrafos()).Distribucion
}

// cargarClasica decodifica el léxico con dígrafos y arma la variante
// clásica.
func cargarClasica() (*variante.Variante, error) {
	lexico, err := trie.Decodificar(lexicoDigrafosCodificado, trie.Opciones{})
	if err != nil {
		return nil, fmt.Errorf("espanol: léxico embebido con dígrafos: %w", err)
	}
	return descripcion("espanol-fise").Variante(lexico)
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
	return descripcion("espanol").Variante(lexico)
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
