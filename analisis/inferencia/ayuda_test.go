package inferencia_test

import (
	"context"
	"testing"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// hojasES son las hojas del experto en la variante española clásica.
var hojasES, _ = bot.ValoracionPara(espanol.Clasica())

// hojaVerdadera devuelve lo que el rival conservó de verdad en el suceso s.
func hojaVerdadera(s juego.Suceso) letra.Multiconjunto {
	if s.Tipo == juego.SucesoCambio {
		return s.Mano.Diferencia(s.Cambiadas)
	}
	return s.Mano.Diferencia(s.Jugada.DeLaMano())
}

// autojuego juega una partida de expertos de la variante v con la bolsa de
// la semilla y llama a fn antes de cada turno, hasta que fn devuelve false.
func autojuego(t testing.TB, v *variante.Variante, g generador.Generador, semilla uint64, fn func(j *juego.Juego) bool) {
	t.Helper()
	experto, err := bot.Nuevo(bot.Experto, g)
	if err != nil {
		t.Fatal(err)
	}
	bolsa, err := v.Repositorio(2, semilla)
	if err != nil {
		t.Fatal(err)
	}
	j, err := juego.Nuevo(2, v, bolsa)
	if err != nil {
		t.Fatal(err)
	}
	for turno := 0; turno < 100; turno++ {
		if _, fin := j.Terminada(); fin || !fn(j) {
			return
		}
		d, _ := experto.Elegir(context.Background(), j)
		if _, err := d.Aplicar(j); err != nil {
			t.Fatal(err)
		}
	}
}
