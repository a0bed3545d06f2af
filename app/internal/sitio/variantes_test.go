package sitio

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/variante"
)

// listaDePares escribe una lista con todas las palabras de dos fichas de la
// descripción nombre (cada símbolo con cada uno): con ella un bot siempre
// tiene alguna jugada.
func listaDePares(tb testing.TB, nombre string) string {
	tb.Helper()
	d, ok := variante.PorNombre(nombre)
	require.True(tb, ok, nombre)
	var b strings.Builder
	for _, x := range d.Letras {
		for _, y := range d.Letras {
			b.WriteString(x.Simbolo + y.Simbolo + "\n")
		}
	}
	ruta := filepath.Join(tb.TempDir(), nombre+".txt")
	require.NoError(tb, os.WriteFile(ruta, []byte(b.String()), 0o600))
	return ruta
}

// TestVariantesDescritas: con Opciones.Listas, el sitio ofrece las
// variantes descritas (francés y el inglés de 21×21) y se juega en ellas
// contra un bot: el tablero, los premios (cuádruples en el de 21×21) y el
// alfabeto de la página son los de la descripción.
func TestVariantesDescritas(t *testing.T) {
	_, base := abrirSala(t, sinCotas(Opciones{Listas: map[string]string{
		"frances":   listaDePares(t, "frances"),
		"ingles-21": listaDePares(t, "ingles-21"),
	}}))
	c := invitado(t, base)
	var r struct {
		Reglas []reglas `json:"reglas"`
	}
	require.Equal(t, 200, c.pedir(t, "GET", "/api/reglas", nil, &r))
	ids := map[string]reglas{}
	for _, x := range r.Reglas {
		ids[x.ID] = x
	}
	require.Contains(t, ids, "frances")
	require.Contains(t, ids, "ingles-21")
	require.Equal(t, "en", ids["frances"].Idioma)

	for _, caso := range []struct {
		reglas string
		tamano int
		premio string // uno que el tablero tiene
		letra  string // una del alfabeto
	}{
		{"frances", 15, "P", "A"},
		{"ingles-21", 21, "C", "Z"},
	} {
		t.Run(caso.reglas, func(t *testing.T) {
			ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancelar()
			var m sentado
			require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: caso.reglas, Asientos: []string{"yo", "bot:principiante"}}, &m))
			require.NotZero(t, m.Partida)
			ws, e := entrarWS(t, ctx, base, c, m.Partida)
			defer ws.CloseNow()
			require.Equal(t, caso.reglas, e.Estado.Reglas)
			require.Equal(t, caso.tamano, e.Estado.Tamano)
			require.Len(t, e.Estado.Premios, caso.tamano)
			require.Contains(t, strings.Join(e.Estado.Premios, ""), caso.premio)
			require.Contains(t, e.Estado.Alfabeto, caso.letra)
			// La persona pasa (si le toca); el bot juega una palabra de la
			// lista, de dos fichas.
			if e.Estado.Turno == e.Estado.Asiento {
				require.NoError(t, escribir(ctx, ws, mensajeCliente{Tipo: "pasar"}))
			}
			for {
				r, err := leerResp(ctx, ws)
				require.NoError(t, err, "esperando la jugada del bot")
				require.Nil(t, r.Fin, "la partida terminó sin que el bot jugara")
				if r.Tipo == "jugada" && r.Jugador != e.Estado.Asiento {
					require.Len(t, []rune(r.Palabra), 2, "una palabra de la lista: %+v", r)
					require.NotEmpty(t, r.Lugar)
					break
				}
			}
		})
	}
}
