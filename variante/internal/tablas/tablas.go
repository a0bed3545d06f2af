// Package tablas traduce las tablas de las variantes listas (valores y
// distribuciones escritos con símbolos, "CH": 5) a mapas de letras.
package tablas

import "github.com/juegodepalabras/palabras/letra"

// PorLetra traduce un mapa de símbolos a uno de letras de alf. Las tablas
// son constantes del programa y sus pruebas las recorren: un símbolo que no
// es de alf es un error del programador y entra en pánico.
func PorLetra(alf *letra.Alfabeto, m map[string]int) map[letra.Letra]int {
	res := make(map[letra.Letra]int, len(m))
	for s, v := range m {
		l, ok := alf.Indice(s)
		if !ok {
			panic("tablas: el símbolo " + s + " no es del alfabeto " + alf.String())
		}
		res[l] = v
	}
	return res
}
