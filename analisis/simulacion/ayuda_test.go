package simulacion_test

import (
	"context"
	"testing"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// hojasES son las hojas del experto en la variante española clásica.
var hojasES, _ = bot.ValoracionPara(espanol.Clasica())

// mitadDePartida devuelve la partida española de expertos de la semilla
// después de turnos turnos: una posición de mitad de partida fija.
func mitadDePartida(t testing.TB, semilla uint64, turnos int) *juego.Juego {
	t.Helper()
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		t.Fatal(err)
	}
	experto, _ := bot.Nuevo(bot.Experto, g)
	bolsa, _ := v.Repositorio(2, semilla)
	j, err := juego.Nuevo(2, v, bolsa)
	if err != nil {
		t.Fatal(err)
	}
	for range turnos {
		d, _ := experto.Elegir(context.Background(), j)
		if _, err := d.Aplicar(j); err != nil {
			t.Fatal(err)
		}
	}
	return j
}
