package variantes_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// posicionesInglesas juega una partida inglesa de 15×15 con SOWPODS (la
// mejor jugada de cada turno, hasta 24 turnos o hasta que la bolsa tenga
// menos de dos manos) y devuelve cada posición, y la misma posición en el
// tablero de 21×21 de la descripción "ingles-21" con la misma lista: las
// fichas corridas 3 filas y 3 columnas (el centro sobre el centro) y las
// mismas manos. Así la comparación de velocidad es con las mismas
// palabras, las mismas fichas y las mismas manos.
func posicionesInglesas(tb testing.TB) (g15, g21 *generador.GADDAG, p15, p21 []*juego.Juego) {
	tb.Helper()
	v15 := pruebas.Ingles(tb)
	d, ok := variante.PorNombre("ingles-21")
	require.True(tb, ok)
	v21, err := d.Variante(v15.Lexico())
	require.NoError(tb, err)
	g15, err = generador.Nuevo(v15, generador.Opciones{})
	require.NoError(tb, err)
	g21, err = generador.Nuevo(v21, generador.Opciones{})
	require.NoError(tb, err)
	r, err := v15.Repositorio(2, 11)
	require.NoError(tb, err)
	j, err := juego.Nuevo(2, v15, r)
	require.NoError(tb, err)
	for range 24 {
		if _, fin := j.Terminada(); fin || j.LetrasEnRepositorio() < 2*v15.Fichas() {
			break // con la bolsa de 15×15 casi vacía, las manos ya no serían de 21×21
		}
		p15 = append(p15, j.Clonar())
		pos := j.Posicion()
		t21, err := tablero.Nuevo(21, v21.Alfabeto())
		require.NoError(tb, err)
		var fichas []ocurrencia.Ficha
		for f := range 15 {
			for c := range 15 {
				if l, hay := j.Letra(f, c); hay {
					fichas = append(fichas, ocurrencia.Ficha{Fila: f + 3, Columna: c + 3, Letra: l, Comodin: j.EsComodin(f, c)})
				}
			}
		}
		if len(fichas) > 0 {
			t21, err = t21.Poner(fichas...)
			require.NoError(tb, err)
		}
		pos.Tablero, pos.Repositorio, pos.SinPuntos = t21, nil, 0
		j21, err := juego.DesdePosicion(v21, pos)
		require.NoError(tb, err)
		p21 = append(p21, j21)
		m, hay := generador.Mejor(g15, j)
		if !hay {
			require.NoError(tb, j.Pasar())
			continue
		}
		_, err = j.Ubicar(m.Ocurrencia())
		require.NoError(tb, err)
	}
	return g15, g21, p15, p21
}

// TestVeintiunoContieneQuince: en cada posición corrida al 21×21 hay al
// menos tantas jugadas como en la de 15×15 (el tablero grande tiene más
// lugar), y la mejor vale al menos lo mismo salvo por los premios.
func TestVeintiunoContieneQuince(t *testing.T) {
	if testing.Short() {
		t.Skip("arma dos GADDAG de SOWPODS: corre sin -short")
	}
	g15, g21, p15, p21 := posicionesInglesas(t)
	require.NotEmpty(t, p15)
	t.Logf("%d posiciones", len(p15))
	for i := range p15 {
		require.GreaterOrEqual(t, generador.Contar(g21, p21[i]), generador.Contar(g15, p15[i]), "posición %d", i)
	}
}

// BenchmarkGenerar21Contra15 genera todas las jugadas de las mismas
// posiciones en 15×15 y en 21×21, con SOWPODS: ns/op es por posición.
func BenchmarkGenerar21Contra15(b *testing.B) {
	g15, g21, p15, p21 := posicionesInglesas(b)
	for _, c := range []struct {
		nombre string
		g      *generador.GADDAG
		ps     []*juego.Juego
	}{{"15x15", g15, p15}, {"21x21", g21, p21}} {
		b.Run(c.nombre, func(b *testing.B) {
			jugadas := 0
			for i := 0; i < b.N; i++ {
				jugadas += generador.Contar(c.g, c.ps[i%len(c.ps)])
			}
			b.ReportMetric(float64(jugadas)/float64(b.N), "jugadas/op")
		})
	}
}
