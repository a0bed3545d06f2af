package gcg

import (
	"fmt"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"

	"github.com/juegodepalabras/palabras/juego/internal/fichas"
	"github.com/juegodepalabras/palabras/letra"
)

// leerMano lee una mano ("AEI?[LL]") como multiconjunto. El error dice
// que la mano está mal formada y en qué carácter.
func leerMano(alf *letra.Alfabeto, s string) (letra.Multiconjunto, error) {
	return leerFichas(alf, s, "mano malformada")
}

// leerFichas lee fichas escritas como una mano; que nombra lo que son en
// el error ("mano malformada", "cambio malformado").
func leerFichas(alf *letra.Alfabeto, s, que string) (letra.Multiconjunto, error) {
	m, pos, err := fichas.ParsearMano(alf, s)
	if err != nil {
		return letra.Multiconjunto{}, fmt.Errorf("%w: %s %q (carácter %d): %w", ErrFormato, que, cita.Texto(s), utf8.RuneCountInString(s[:min(pos, len(s))])+1, err)
	}
	return m, nil
}

// escribirMano escribe una mano (juego/internal/fichas).
var escribirMano = fichas.FormatearMano
