package simulacion

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestLineasSeRepiten: cada línea simulada (la candidata y las respuestas,
// con el reparto de la iteración) se repite en un juego nuevo con
// juego.Juego.Ubicar, Cambiar y Pasar, con los mismos puntos, y su valor es
// la diferencia de puntos más la hoja del último turno; simular, que juega
// sin el juego de prueba cuando puede, da el mismo valor que jugar.
func TestLineasSeRepiten(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	hs := hojasDePrueba{}
	lineas := 0
	for semilla := range uint64(3) {
		bolsa, _ := v.Repositorio(2, semilla+10)
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(t, err)
		for turno := 0; turno < 30; turno++ {
			if _, fin := j.Terminada(); fin {
				break
			}
			if turno%4 == 3 {
				s, err := preparar(context.Background(), j, Opciones{Candidatas: 4, Plies: 3, Hojas: hs, Semilla: semilla, Trabajadores: 1})
				require.NoError(t, err)
				tr := s.trabajadores[0]
				for it := range uint64(3) {
					tr.repartir(it)
					for c := range s.cands {
						// simular (sin el juego de prueba si puede, ver
						// jugarRapido) da lo mismo que jugar, que deja la
						// línea en el juego de prueba.
						valor, gana := tr.simular(c)
						hechas := tr.arbol.Hechas()
						lento, ganaLento := tr.jugar(c)
						for tr.arbol.Hechas() > hechas {
							tr.arbol.Deshacer()
						}
						require.Equal(t, lento, valor)
						require.Equal(t, ganaLento, gana)
						linea := tr.prueba.Sucesos()[len(j.Sucesos()):]
						comprobarLinea(t, j, s, tr, linea, valor)
						lineas++
					}
				}
			}
			jugarPorEquidad(t, g, j, hs)
		}
	}
	t.Logf("%d líneas repetidas", lineas)
}

func comprobarLinea(t *testing.T, raiz *juego.Juego, s *simulador, tr *trabajador, linea []juego.Suceso, valor float64) {
	t.Helper()
	j := raiz.Clonar()
	require.NoError(t, j.Repartir(tr.manos, tr.bolsa))
	var hoja float64
	signo := 1.0
	turnos := 0
	for _, x := range linea {
		if x.Tipo > juego.SucesoCambio {
			continue // el ajuste final
		}
		turnos++
		mano, _ := j.Fichas(j.Turno())
		require.Equal(t, mano, x.Mano)
		val := valoracion(j, s.op.Hojas, nil)
		signo = 1
		if j.Turno() != s.yo {
			signo = -1
		}
		switch x.Tipo {
		case juego.SucesoColocacion:
			p, err := j.Ubicar(x.Jugada)
			require.NoError(t, err)
			require.Equal(t, x.Puntos, p)
			hoja = val.Valor(mano.Diferencia(x.Jugada.DeLaMano()))
		case juego.SucesoCambio:
			require.NoError(t, j.Cambiar(x.Cambiadas))
			hoja = val.Valor(mano.Diferencia(x.Cambiadas))
		default:
			require.NoError(t, j.Pasar())
			hoja = val.Valor(mano)
		}
	}
	require.LessOrEqual(t, turnos, 1+s.op.Plies)
	if _, fin := j.Terminada(); fin {
		hoja = 0
	} else {
		require.Equal(t, 1+s.op.Plies, turnos)
	}
	py, _ := j.Puntaje(s.yo)
	pr, _ := j.Puntaje(s.rival)
	esperado := float64((py-pr)-(s.puntos[s.yo]-s.puntos[s.rival])) + signo*hoja
	require.InDelta(t, esperado, valor, 1e-9)
}

// TestIteracionSinMemoria: una iteración (20 candidatas, 2 plies) no
// reserva memoria después de calentar.
func TestIteracionSinMemoria(t *testing.T) {
	v := espanol.Clasica()
	g, _ := generador.Nuevo(v, generador.Opciones{})
	bolsa, _ := v.Repositorio(2, 1)
	j, err := juego.Nuevo(2, v, bolsa)
	require.NoError(t, err)
	for range 10 {
		jugarPorEquidad(t, g, j, hojasDePrueba{})
	}
	s, err := preparar(context.Background(), j, Opciones{Candidatas: 20, Plies: 2, Hojas: hojasDePrueba{}, Trabajadores: 1})
	require.NoError(t, err)
	tr := s.trabajadores[0]
	valores := make([]float64, len(s.cands))
	ganadas := make([]float64, len(s.cands))
	i := uint64(0)
	iteracion := func() {
		tr.iteracion(i, valores, ganadas)
		i++
	}
	for range 50 {
		iteracion()
	}
	require.Zero(t, testing.AllocsPerRun(50, iteracion))
}

// hojasDePrueba valoran una hoja como los motores viejos: un punto por
// comodín o S, menos uno por cada ficha repetida y por la Q.
type hojasDePrueba struct{}

func (hojasDePrueba) Valor(h letra.Multiconjunto) float64 {
	v := 0.0
	for l := range letra.Letra(letra.MaxLetras) {
		n := h.Cantidad(l)
		if n > 1 {
			v -= float64(n - 1)
		}
		if l == letra.Comodin {
			v += 8 * float64(n)
		}
	}
	return v
}

// jugarPorEquidad hace en j la mejor elección por equidad con hs.
func jugarPorEquidad(t *testing.T, g generador.Generador, j *juego.Juego, hs generador.Hojas) {
	t.Helper()
	mano, _ := j.Fichas(j.Turno())
	es := generador.MejoresPorEquidad(g, j, mano, valoracion(j, hs, nil), 1, nil)
	require.NotEmpty(t, es)
	var err error
	switch es[0].Tipo {
	case juego.SucesoColocacion:
		_, err = j.Ubicar(ocurrencia.Nueva(es[0].Jugada.Fichas...))
	case juego.SucesoCambio:
		err = j.Cambiar(es[0].Cambiadas)
	default:
		err = j.Pasar()
	}
	require.NoError(t, err)
}
