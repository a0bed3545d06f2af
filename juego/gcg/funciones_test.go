package gcg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// opcionesFunciones son las variantes de los registros de
// testdata/funciones: la inglesa clásica con unas pocas palabras (las
// demás son ilegítimas, pero se juegan igual) y la española clásica.
func opcionesFunciones(t testing.TB) gcg.Opciones {
	ing := inglesChico(t, "retains forgone you")
	return gcg.Opciones{Variante: ing, Lexicos: map[string]*variante.Variante{
		"NWL": ing, "FISE": espanol.Clasica(),
	}}
}

// leerFuncion lee testdata/funciones/nombre con opcionesFunciones.
func leerFuncion(t *testing.T, nombre string) (*gcg.Partida, error) {
	t.Helper()
	datos, err := os.ReadFile(filepath.Join("testdata", "funciones", nombre))
	require.NoError(t, err)
	return gcg.Leer(bytes.NewReader(datos), opcionesFunciones(t))
}

// puntajes devuelve el puntaje de cada jugador de p.
func puntajes(p *gcg.Partida) []int {
	var res []int
	for i := range p.Juego.Jugadores() {
		x, _ := p.Juego.Puntaje(i)
		res = append(res, x)
	}
	return res
}

// escrito devuelve p escrita como GCG.
func escrito(t *testing.T, p *gcg.Partida) string {
	var b bytes.Buffer
	require.NoError(t, gcg.Escribir(&b, p))
	return b.String()
}

// TestFunciones lee cada registro de testdata/funciones, comprueba lo que
// muestra y que se vuelve a leer igual después de escribirlo.
func TestFunciones(t *testing.T) {
	casos := map[string]func(t *testing.T, p *gcg.Partida){
		"parciales.gcg": func(t *testing.T, p *gcg.Partida) {
			// Las manos solo con las fichas jugadas; la regla de fin sale de
			// la última línea ("(AGOU) +10": el doble de 5).
			require.Equal(t, []int{453, 390}, puntajes(p))
			require.Equal(t, variante.FinNorteamericano, p.Juego.Variante().ReglaFin())
			require.Equal(t, "NWL20", p.Lexico)
			require.False(t, p.LexicoFaltante)
			fin, terminada := p.Juego.Terminada()
			require.True(t, terminada)
			require.Equal(t, []int{0, 10}, fin.Ajustes)
			require.NotEmpty(t, p.Ilegitimas, "el léxico de la prueba no tiene casi ninguna palabra")
			require.Contains(t, escrito(t, p), ">Alice: LOO 8G LOO +6 6\n", "se escribe la mano que se conoce")
			cero, err := p.Posicion(0)
			require.NoError(t, err)
			require.Equal(t, 3, cero.Manos[0].Tamano(), "antes del primer turno se conocen las fichas que juega Alice")
			require.True(t, cero.Manos[1].Vacio())
			require.Len(t, cero.Repositorio, 100-3)
		},
		"tiempo_tras_fin.gcg": func(t *testing.T, p *gcg.Partida) {
			require.Equal(t, []int{443, 395}, puntajes(p))
			s := p.Juego.Sucesos()
			require.Equal(t, juego.SucesoFin, s[len(s)-3].Tipo)
			require.Equal(t, juego.SucesoAjuste, s[len(s)-2].Tipo)
			require.Equal(t, -10, s[len(s)-2].Puntos)
			require.Equal(t, juego.SucesoAjuste, s[len(s)-1].Tipo)
		},
		"doble_desafio.gcg": func(t *testing.T, p *gcg.Partida) {
			// El pase de Alice después de la salida de Bob no cambia nada.
			require.Equal(t, []int{453, 390}, puntajes(p))
			require.Equal(t, 22, p.Juego.Tiempo())
		},
		"bom_crlf_nota.gcg": func(t *testing.T, p *gcg.Partida) {
			require.Equal(t, "Ana Pérez", p.Jugadores[0].Nombre)
			require.Equal(t, []string{"#note una nota\nde varias líneas,\ncon una línea vacía"}, p.Pragmas)
			require.Equal(t, []int{164, 0}, puntajes(p))
			require.Contains(t, escrito(t, p), ">ana: AEINRST 8D RETAINS +66 66\n#note una nota\nde varias líneas,\ncon una línea vacía\n>beto:",
				"la nota se escribe donde estaba")
		},
		"latin1.gcg": func(t *testing.T, p *gcg.Partida) {
			require.Equal(t, gcg.Jugador{Apodo: "césar", Nombre: "César Ñúñez"}, p.Jugadores[0])
			require.Equal(t, "josé", p.Jugadores[1].Apodo)
		},
		"cambio_y_retiradas.gcg": func(t *testing.T, p *gcg.Partida) {
			require.Equal(t, []int{164, 0}, puntajes(p))
			var tipos []juego.TipoSuceso
			for _, s := range p.Juego.Sucesos() {
				tipos = append(tipos, s.Tipo)
			}
			require.Equal(t, []juego.TipoSuceso{juego.SucesoColocacion, juego.SucesoCambio, juego.SucesoColocacion,
				juego.SucesoPase, juego.SucesoPase, juego.SucesoPase}, tipos, "las colocaciones retiradas son pases")
			require.Equal(t, 4, p.Juego.Sucesos()[1].Cambiadas.Tamano())
			require.Contains(t, escrito(t, p), ">beto: IIIU -4 +0 0\n", "el cambio se escribe como cantidad")
		},
		"pasantes.gcg": func(t *testing.T, p *gcg.Partida) {
			require.Equal(t, []int{64, 2}, puntajes(p))
			require.True(t, p.Juego.EsComodin(7, 9))
			require.Contains(t, escrito(t, p), "J7 A.S +2 2", "al escribir, la ficha que ya estaba es \".\"")
		},
		"apodos.gcg": func(t *testing.T, p *gcg.Partida) {
			require.Equal(t, "Tim", p.Jugadores[0].Apodo)
			require.Equal(t, "Tim", p.Jugadores[1].Apodo)
			require.Equal(t, []int{164, 25}, puntajes(p))
		},
		"espanol.gcg": func(t *testing.T, p *gcg.Partida) {
			require.Equal(t, []int{61, 3}, puntajes(p))
			require.Equal(t, espanol.Clasica().Alfabeto(), p.Juego.Variante().Alfabeto(), "FISE2 es de la familia FISE")
			require.True(t, p.Juego.EsComodin(5, 6), "[ch] es un comodín")
			require.Equal(t, variante.FinInternacional, p.Juego.Variante().ReglaFin())
			pos, err := p.CGP(2)
			require.NoError(t, err)
			texto, err := cgp.Formatear(pos)
			require.NoError(t, err)
			require.Contains(t, texto, "lex FISE2;")
		},
	}
	malos := map[string]int{"mal_tres_w.gcg": 3, "mal_ficha.gcg": 4}
	archivos, err := filepath.Glob("testdata/funciones/*.gcg")
	require.NoError(t, err)
	require.Len(t, archivos, len(casos)+len(malos))
	for _, a := range archivos {
		nombre := filepath.Base(a)
		t.Run(nombre, func(t *testing.T) {
			p, err := leerFuncion(t, nombre)
			if linea, ok := malos[nombre]; ok {
				require.ErrorIs(t, err, gcg.ErrInconsistente)
				var e *gcg.ErrorLinea
				require.ErrorAs(t, err, &e)
				require.Equal(t, linea, e.Linea, err.Error())
				return
			}
			require.NoError(t, err)
			casos[nombre](t, p)
			// cambio_y_retiradas escribe una retirada "-- +0"; espanol muestra
			// tres comodines a la vez (el español tiene dos).
			require.Len(t, p.Avisos, map[string]int{"cambio_y_retiradas.gcg": 1, "espanol.gcg": 2}[nombre], "%v", p.Avisos)
			datos, err := os.ReadFile(filepath.Join("testdata", "funciones", nombre))
			require.NoError(t, err)
			comprobarModos(t, datos, p, opcionesFunciones(t))
			idaYVuelta(t, p, opcionesFunciones(t))
		})
	}
}

// TestErroresDeTexto: una línea demasiado larga, una codificación que no
// se lee y un léxico que falta dicen su línea.
func TestErroresDeTexto(t *testing.T) {
	o := opcionesFunciones(t)
	largo := "#player1 ana\n#note " + strings.Repeat("x", gcg.MaxLinea) + "\n"
	_, err := gcg.Leer(strings.NewReader(largo), o)
	require.ErrorIs(t, err, gcg.ErrFormato)
	var e *gcg.ErrorLinea
	require.ErrorAs(t, err, &e)
	require.Equal(t, 2, e.Linea)

	_, err = gcg.Leer(strings.NewReader("#player1 ana\n#character-encoding ISO8859-6\n"), o)
	require.ErrorAs(t, err, &e)
	require.Equal(t, 2, e.Linea)

	sinLexico := "#player1 ana\n#player2 beto\n#lexicon OSPS44\n>ana: AEINRST 8D RETAINS +66 66\n"
	_, err = gcg.Leer(strings.NewReader(sinLexico), gcg.Opciones{Lexicos: o.Lexicos})
	require.ErrorIs(t, err, gcg.ErrLexicoFaltante)
	require.ErrorAs(t, err, &e)
	require.Equal(t, 3, e.Linea)
	p, err := gcg.Leer(strings.NewReader(sinLexico), o)
	require.NoError(t, err)
	require.True(t, p.LexicoFaltante, "se repite con Opciones.Variante y lo dice")
}

func TestFamilia(t *testing.T) {
	for nombre, familia := range map[string]string{
		"CSW19": "CSW", "CSW21": "CSW", "csw24": "CSW", "Collins": "CSW", "SOWPODS": "CSW",
		"NWL2018": "NWL", "NWL20": "NWL", "NWL23": "NWL", "TWL06": "NWL", "OTCWL2014": "NWL",
		"FILE2017": "FISE", "FISE2": "FISE", "OSPS44": "OSPS", "ODS8": "ODS", "FOO19": "FOO", "": "",
	} {
		require.Equal(t, familia, gcg.Familia(nombre), nombre)
	}
}
