package bot_test

import (
	"context"
	"testing"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// posicionesDePartida juega con el bot avanzado la partida de semilla 1 y
// devuelve una copia del juego antes de cada turno.
func posicionesDePartida(b *testing.B, v *variante.Variante, g generador.Generador) []*juego.Juego {
	avanzado, _ := bot.Nuevo(bot.Avanzado, g)
	bolsa, _ := v.Repositorio(2, 1)
	j, err := juego.Nuevo(2, v, bolsa)
	if err != nil {
		b.Fatal(err)
	}
	var res []*juego.Juego
	for turno := 0; turno < 200; turno++ {
		if _, fin := j.Terminada(); fin {
			break
		}
		res = append(res, j.Clonar())
		d, _ := avanzado.Elegir(context.Background(), j)
		if _, err := d.Aplicar(j); err != nil {
			b.Fatal(err)
		}
	}
	return res
}

// BenchmarkExperto: una decisión del experto por operación, recorriendo
// las posiciones de una partida española (la búsqueda de la jugada
// incluida: es lo que cuesta elegir), con la tabla de hojas embebida (la
// de bot.Nuevo) y con el modelo lineal de antes (OpcionesExperto.Lineal).
func BenchmarkExperto(b *testing.B) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		b.Fatal(err)
	}
	ps := posicionesDePartida(b, v, g)
	tabla, _ := bot.ValoracionPara(v)
	for _, c := range []struct {
		nombre string
		op     bot.OpcionesExperto
	}{{"tabla", bot.OpcionesExperto{Hojas: tabla}}, {"lineal", bot.OpcionesExperto{Lineal: true}}} {
		b.Run("hojas="+c.nombre, func(b *testing.B) {
			experto, _ := bot.NuevoExperto(g, c.op)
			for _, j := range ps { // las hojas y los cruces de cada posición, cargados
				experto.Elegir(context.Background(), j)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				experto.Elegir(context.Background(), ps[i%len(ps)])
			}
			b.ReportMetric(float64(len(ps)), "posiciones")
		})
	}
}
