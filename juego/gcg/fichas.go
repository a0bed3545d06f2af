package gcg

import (
	"fmt"

	"github.com/juegodepalabras/palabras/juego/internal/fichas"
	"github.com/juegodepalabras/palabras/letra"
)

// leerMano lee una mano ("AEI?[LL]") como multiconjunto.
func leerMano(alf *letra.Alfabeto, s string) (letra.Multiconjunto, error) {
	m, _, err := fichas.ParsearMano(alf, s)
	if err != nil {
		return letra.Multiconjunto{}, fmt.Errorf("%w: %w", ErrFormato, err)
	}
	return m, nil
}

// escribirMano escribe una mano (juego/internal/fichas).
var escribirMano = fichas.FormatearMano
