package variantes_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/internal/pruebas/exactitud"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// listas son listas de palabras chicas, escritas para estas pruebas, con
// las fichas de varios caracteres y las letras fuera de ASCII de cada
// idioma (y grafías con tilde que se leen como la vocal).
var listas = map[string]string{
	"aleman":       "bär bären öl öle übel üben müde er es ab an da ja tür türen öde ödes rad räder der die das ein eine in im ist so um zu nein see rat tee tor ort rot not rede",
	"catalan":      "col·lecció cel·la cel·les nyap nyaps any anys quatre plaça places ca cas casa cases sa es en el la les mes aquí si no ni te re ara ase pa per que qui tot tres nit set sol ona cada",
	"esloveno":     "čaj čas miš noč šola žaba žabe in na je to mi ti za sem nos čaša da ne se ki ko pa oni ona sin sto tri nit rast sanje okno les",
	"espanol":      "a y o e casa cosa año años niño niña ola olas sol sal os so la las",
	"espanol-fise": "chorro chorros llave llaves carro carros casa cosa chico llama la las sal ala alas ola olas el de en es lo me mi no se si su te tu ni ya oro ora ser sed red mes res tren tres",
	"frances":      "le la les été thé mer mère ça ami amie amis rue rues île îles et est ai as au de du en il ne on or os sa se si ta te tu un une ours terre rien site",
	"holandes":     "een en de het ijs zijn kat kaas as na aan taak eten ik je al at er in is op te we ze tien net niet toen rat raad teen stenen",
	"ingles":       "the quick brown fox jumps over lazy dog qi za cat cats at as ta tax ox ax xi an are art ate eat en es et in it its ne no not on one or ore re rest rat rate sea set son tea ten tie to toe ton tone tore",
	"ingles-21":    "the quick brown fox jumps over lazy dog qi za cat cats at as ta tax ox ax xi an are art ate eat en es et in it its ne no not on one or ore re rest rat rate sea set son tea ten tie to toe ton tone tore",
	"noruego":      "zoo taxi ål øl ære bær på en et ei så sær kål hår år øre at av de er for han hun i ja men ne og om se til tre ost sol sel rot",
	"polaco":       "żółć ja ty on ona pies kot łąka źle że się ćma koń mąż żal noc na za do to ta te ale al kto co nie tak las pan pani rok ryba woda sen nos oko ile raz ten tam",
}

// descritas devuelve cada variante incluida con su lista chica.
func descritas(t testing.TB) map[string]*variante.Variante {
	t.Helper()
	res := map[string]*variante.Variante{}
	for _, d := range variante.Descripciones() {
		lista, ok := listas[d.Nombre]
		require.True(t, ok, "falta la lista de %s", d.Nombre)
		v, err := d.LeerVariante(strings.NewReader(strings.ReplaceAll(lista, " ", "\n")), variante.OpcionesLexico{})
		require.NoError(t, err, d.Nombre)
		res[d.Nombre] = v
	}
	return res
}

// pruebaT es lo que usan los ayudantes de una prueba: *testing.T o
// *rapid.T.
type pruebaT interface {
	require.TestingT
	Helper()
}

// jugadasDe devuelve las jugadas del generador, por clave.
func jugadasDe(t pruebaT, g *generador.GADDAG, j *juego.Juego) map[string]int {
	res := map[string]int{}
	for jg := range generador.Jugadas(g, j) {
		clave := jg.Ocurrencia().String()
		_, repetida := res[clave]
		require.False(t, repetida, "la jugada %s sale dos veces", clave)
		res[clave] = jg.Puntos
	}
	return res
}

// TestOraculoPorVariante juega partidas de cada variante, con jugadas
// elegidas por la semilla, y en cada posición compara las jugadas del
// generador con las del oráculo exhaustivo (también en 21×21). Informa
// cuántas posiciones y jugadas comparó.
func TestOraculoPorVariante(t *testing.T) {
	semillas := 4 // la propiedad de abajo recorre más bolsas al azar
	switch {
	case pruebas.Largas():
		semillas = 12
	case testing.Short():
		semillas = 2
	}
	for nombre, v := range descritas(t) {
		t.Run(nombre, func(t *testing.T) {
			g, err := generador.Nuevo(v, generador.Opciones{})
			require.NoError(t, err)
			posiciones, jugadas := 0, 0
			for semilla := range uint64(semillas) {
				r, err := v.Repositorio(2, semilla)
				require.NoError(t, err)
				j, err := juego.Nuevo(2, v, r)
				require.NoError(t, err)
				for turno := 0; turno < 30; turno++ {
					if _, fin := j.Terminada(); fin {
						break
					}
					esperadas := exactitud.Oraculo(j)
					obtenidas := jugadasDe(t, g, j)
					require.Equal(t, esperadas, obtenidas, "semilla %d, turno %d\n%s", semilla, turno, j)
					posiciones++
					jugadas += len(esperadas)
					if len(esperadas) == 0 {
						require.NoError(t, j.Pasar())
						continue
					}
					claves := slices.Sorted(maps.Keys(esperadas))
					o, err := ocurrencia.Parsear(claves[int(semilla+uint64(turno))%len(claves)], v.Alfabeto())
					require.NoError(t, err)
					_, err = j.Ubicar(o)
					require.NoError(t, err)
				}
			}
			require.Positive(t, jugadas)
			t.Logf("%s: %d posiciones, %d jugadas comparadas", nombre, posiciones, jugadas)
		})
	}
}

// TestPropiedadesPorVariante es la propiedad de cada variante incluida,
// con su lista chica: rapid elige la variante, la bolsa (la semilla) y,
// turno a turno, cuál de las jugadas legales se juega; en cada posición las
// jugadas del generador son las del oráculo exhaustivo, y la jugada
// elegida, escrita en la notación de los jugadores y leída de vuelta, son
// las mismas fichas con los mismos puntos (también con fichas de varios
// caracteres y letras fuera de ASCII). Con PALABRAS_LARGAS=1 cada variante
// tiene su propia corrida de rapid, con partidas más largas.
func TestPropiedadesPorVariante(t *testing.T) {
	vs := descritas(t)
	nombres := slices.Sorted(maps.Keys(vs))
	gs := map[string]*generador.GADDAG{}
	for _, nombre := range nombres {
		g, err := generador.Nuevo(vs[nombre], generador.Opciones{})
		require.NoError(t, err)
		gs[nombre] = g
	}
	if !pruebas.Largas() {
		rapid.Check(t, func(t *rapid.T) {
			nombre := rapid.SampledFrom(nombres).Draw(t, "variante")
			propiedad(t, vs[nombre], gs[nombre], 4)
		})
		return
	}
	for _, nombre := range nombres {
		t.Run(nombre, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) { propiedad(t, vs[nombre], gs[nombre], 12) })
		})
	}
}

// propiedad juega hasta maxTurnos turnos de una partida de v elegida por
// rapid y compara cada posición con el oráculo (ver
// TestPropiedadesPorVariante).
func propiedad(t *rapid.T, v *variante.Variante, g *generador.GADDAG, maxTurnos int) {
	r, err := v.Repositorio(2, rapid.Uint64().Draw(t, "semilla"))
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	turnos := rapid.IntRange(1, maxTurnos).Draw(t, "turnos")
	for turno := 0; turno < turnos; turno++ {
		if _, fin := j.Terminada(); fin {
			break
		}
		esperadas := exactitud.Oraculo(j)
		require.Equal(t, esperadas, jugadasDe(t, g, j), "turno %d\n%s", turno, j)
		if len(esperadas) == 0 {
			require.NoError(t, j.Pasar())
			continue
		}
		claves := slices.Sorted(maps.Keys(esperadas))
		clave := claves[rapid.IntRange(0, len(claves)-1).Draw(t, "jugada")]
		o, err := ocurrencia.Parsear(clave, v.Alfabeto())
		require.NoError(t, err)
		escrita, err := notacion.Formatear(notacion.Jugada{Fichas: o}, j.Tablero())
		require.NoError(t, err)
		leida, err := notacion.Parsear(escrita, j.Tablero())
		require.NoError(t, err, escrita)
		require.Equal(t, o.Slice(), leida.Fichas.Slice(), escrita)
		puntos, err := j.Ubicar(o)
		require.NoError(t, err)
		require.Equal(t, esperadas[clave], puntos, escrita)
	}
}
