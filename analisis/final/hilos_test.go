package final

import (
	"context"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Las jugadas de la raíz que otro hilo está buscando quedan para el final
// de la pasada, pero se buscan: con todas las de la raíz ocupadas (como si
// otro hilo las buscara sin terminar nunca), un solo hilo da el mismo
// valor que sin ocuparlas.
func TestRaizOcupada(t *testing.T) {
	datos, err := os.ReadFile("testdata/finales/es-bot-05.cgp")
	require.NoError(t, err)
	p, err := cgp.Parsear(strings.TrimSpace(string(datos)), cgp.Opciones{Variante: espanol.Clasica()})
	require.NoError(t, err)
	j, err := p.Juego()
	require.NoError(t, err)
	r, err := Nuevo(j.Variante(), Opciones{Hilos: 1, MBTabla: 4})
	require.NoError(t, err)
	libre, err := r.Resolver(context.Background(), j)
	require.NoError(t, err)
	require.True(t, libre.Probado)
	require.Equal(t, 6, libre.Valor)

	r, err = Nuevo(j.Variante(), Opciones{Hilos: 1, MBTabla: 4})
	require.NoError(t, err)
	r.c.ocupadas = make([]atomic.Uint64, 1<<12)
	w := r.trab[0]
	w.cargar(j, 0)
	w.prepararRaiz()
	ocupadas := 0
	for _, rz := range w.raices {
		if r.c.ocupar(w.claveTras(rz.m, rz.fs)) {
			ocupadas++
		}
	}
	require.Greater(t, ocupadas, 1)
	res, err := r.Resolver(context.Background(), j)
	require.NoError(t, err)
	require.True(t, res.Probado)
	require.Equal(t, libre.Valor, res.Valor)
}
