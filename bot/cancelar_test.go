package bot_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestMaestroCancelado: un maestro con 10 s por jugada, cancelado a mitad
// de la simulación, del prefinal o del final, vuelve en 50 ms como mucho
// (250 ms con el detector de carreras) con el error de ctx y una decisión
// que el juego acepta. Sin cancelar, tardaría sus 10 s (el prefinal,
// ≈ 1 s: por eso se cancela a los 100 ms).
func TestMaestroCancelado(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	experto, _ := bot.Nuevo(bot.Experto, g)
	// hasta juega con el experto hasta que la bolsa tenga a lo sumo
	// quedan fichas.
	hasta := func(semilla uint64, quedan int) *juego.Juego {
		bolsa, _ := v.Repositorio(2, semilla)
		j, _ := juego.Nuevo(2, v, bolsa)
		for j.LetrasEnRepositorio() > quedan {
			if _, fin := j.Terminada(); fin {
				return nil
			}
			d, err := experto.Elegir(context.Background(), j)
			require.NoError(t, err)
			_, err = d.Aplicar(j)
			require.NoError(t, err)
		}
		return j
	}
	var prefinal *juego.Juego
	for semilla := uint64(1); prefinal == nil || prefinal.LetrasEnRepositorio() != 1; semilla++ {
		require.Less(t, semilla, uint64(20), "ninguna partida llegó a un prefinal")
		prefinal = hasta(semilla, 1)
	}
	datos, err := os.ReadFile("../analisis/final/testdata/finales/es-bot-07.cgp")
	require.NoError(t, err)
	p, err := cgp.Parsear(string(datos), cgp.Opciones{Variante: v})
	require.NoError(t, err)
	final, err := p.Juego()
	require.NoError(t, err)

	cota := 50 * time.Millisecond
	if conCarreras {
		cota = 250 * time.Millisecond
	}
	for _, c := range []struct {
		nombre string
		j      *juego.Juego
	}{{"simulación", hasta(3, 40)}, {"prefinal", prefinal}, {"final", final}} {
		t.Run(c.nombre, func(t *testing.T) {
			require.NotNil(t, c.j)
			// La menor de tres demoras: en una máquina cargada, otros
			// procesos pueden demorar una sola vuelta. Un maestro nuevo en
			// cada vuelta: el de la anterior recuerda lo que ya buscó en la
			// misma posición (el prefinal, sus jugadas de la raíz y su
			// tabla) y podría terminar antes de que se cancele.
			mejor := time.Hour
			for range 3 {
				g, _ := generador.Nuevo(v, generador.Opciones{})
				maestro, _ := bot.NuevoMaestro(g, bot.OpcionesMaestro{Tiempo: 10 * time.Second})
				ctx, cancelar := context.WithCancel(context.Background())
				var cancelado time.Time
				time.AfterFunc(100*time.Millisecond, func() { cancelado = time.Now(); cancelar() })
				d, err := maestro.Elegir(ctx, c.j)
				demora := time.Since(cancelado)
				require.ErrorIs(t, err, context.Canceled)
				_, err = d.Aplicar(c.j.Clonar())
				require.NoError(t, err, "%v", d)
				t.Logf("vuelve %v después de cancelar, con %v", demora.Round(100*time.Microsecond), d)
				mejor = min(mejor, demora)
			}
			require.Less(t, mejor, cota)
		})
	}
}
