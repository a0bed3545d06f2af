package bot_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/analisis/inferencia"
	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// margenPlazo es lo que una llamada puede volver después de su plazo.
var margenPlazo = func() time.Duration {
	if conCarreras {
		return 250 * time.Millisecond
	}
	return 50 * time.Millisecond
}()

// posicionesPlazos son las posiciones de las pruebas de plazos: los finales
// de analisis/final/testdata/finales (en español y en inglés) y las de tres
// partidas del experto contra sí mismo en español, una por turno (con
// prefinales: una ficha en la bolsa).
type posicionesPlazos struct {
	finales, partidas, prefinales []*juego.Juego
	nombres                       map[*juego.Juego]string
}

var (
	plazosUna sync.Once
	plazosPos posicionesPlazos
	// gaddagIngles es lo que tardó armar el GADDAG de la variante inglesa
	// (una vez por proceso, sin plazo: ver TestExcesos).
	gaddagIngles time.Duration
)

func leerPosicionesPlazos(t testing.TB) posicionesPlazos {
	t.Helper()
	ing := pruebas.Ingles(t)
	plazosUna.Do(func() {
		// El GADDAG de una variante que no lo trae embebido se arma la
		// primera vez que se pide, sin plazo: aquí, antes de medir.
		ini := time.Now()
		_, err := generador.GADDAGDe(ing)
		require.NoError(t, err)
		gaddagIngles = time.Since(ini)
		p := posicionesPlazos{nombres: map[*juego.Juego]string{}}
		archivos, _ := filepath.Glob("../analisis/final/testdata/finales/*.cgp")
		for _, a := range archivos {
			datos, err := os.ReadFile(a)
			require.NoError(t, err)
			v := ing
			if strings.Contains(string(datos), "lex FILE") {
				v = espanol.Clasica()
			}
			c, err := cgp.Parsear(string(datos), cgp.Opciones{Variante: v})
			require.NoError(t, err, a)
			j, err := c.Juego()
			require.NoError(t, err, a)
			p.finales = append(p.finales, j)
			p.nombres[j] = strings.TrimSuffix(filepath.Base(a), ".cgp")
		}
		v := espanol.Clasica()
		experto, err := bot.Nuevo(bot.Experto, generadorES(t))
		require.NoError(t, err)
		for semilla := uint64(1); semilla <= 3; semilla++ {
			bolsa, err := v.Repositorio(2, semilla)
			require.NoError(t, err)
			j, err := juego.Nuevo(2, v, bolsa)
			require.NoError(t, err)
			for {
				if _, fin := j.Terminada(); fin || j.LetrasEnRepositorio() == 0 {
					break
				}
				d, err := experto.Elegir(context.Background(), j)
				require.NoError(t, err)
				_, err = d.Aplicar(j)
				require.NoError(t, err)
				if _, fin := j.Terminada(); fin {
					break
				}
				c := j.Clonar()
				p.nombres[c] = fmt.Sprintf("es-partida-%d-turno-%d", semilla, j.Tiempo())
				p.partidas = append(p.partidas, c)
				if j.LetrasEnRepositorio() == 1 {
					p.prefinales = append(p.prefinales, c)
				}
			}
		}
		plazosPos = p
	})
	require.NotEmpty(t, plazosPos.finales)
	require.NotEmpty(t, plazosPos.partidas)
	return plazosPos
}

// llamada es una llamada con plazo: corre con ctx (o con el plazo en sus
// opciones, si ctx es Background) y devuelve su error.
type llamada struct {
	nombre string
	correr func(ctx context.Context) error
}

// medir corre la llamada con plazo p (en el contexto o en las opciones,
// según usaCtx) y devuelve cuánto tardó.
func medir(l llamada, p time.Duration, usaCtx bool) (time.Duration, error) {
	ctx, cancel := context.Background(), func() {}
	if usaCtx {
		ctx, cancel = context.WithTimeout(ctx, p)
	}
	defer cancel()
	ini := time.Now()
	err := l.correr(ctx)
	return time.Since(ini), err
}

// generarLlamada elige al azar una llamada con plazo, sus opciones y su
// entrada; devuelve si el plazo va en el contexto.
func generarLlamada(t *rapid.T, pos posicionesPlazos, plazo time.Duration) (llamada, bool) {
	elegir := func(js []*juego.Juego, etiqueta string) *juego.Juego {
		return js[rapid.IntRange(0, len(js)-1).Draw(t, etiqueta)]
	}
	switch rapid.IntRange(0, 6).Draw(t, "llamada") {
	case 0:
		j := elegir(pos.partidas, "partida")
		op := simulacion.Opciones{
			Candidatas:   rapid.IntRange(1, simulacion.MaxCandidatas).Draw(t, "candidatas"),
			Plies:        rapid.IntRange(-1, 4).Draw(t, "plies"),
			Trabajadores: rapid.IntRange(0, 16).Draw(t, "trabajadores"),
			Lote:         rapid.IntRange(0, 256).Draw(t, "lote"),
			Semilla:      rapid.Uint64().Draw(t, "semilla"),
			Hojas:        bot.HojasEspanol(),
		}
		return llamada{fmt.Sprintf("simulacion.Simular(%s, %+v)", pos.nombres[j], op), func(ctx context.Context) error {
			_, err := simulacion.Simular(ctx, j, op)
			return err
		}}, true
	case 1:
		j := elegir(pos.finales, "final")
		op := final.Opciones{
			Hilos:        rapid.IntRange(0, 16).Draw(t, "hilos"),
			MBTabla:      rapid.IntRange(0, 64).Draw(t, "mb"),
			Alternativas: rapid.IntRange(0, 8).Draw(t, "alternativas"),
			Plies:        rapid.IntRange(0, 300).Draw(t, "plies"),
		}
		return llamada{fmt.Sprintf("final.Resolver(%s, %+v)", pos.nombres[j], op), func(ctx context.Context) error {
			_, err := final.Resolver(ctx, j, op)
			return err
		}}, true
	case 2:
		if len(pos.prefinales) == 0 {
			return generarLlamada(t, pos, plazo)
		}
		j := elegir(pos.prefinales, "prefinal")
		op := final.Opciones{
			Hilos:      rapid.IntRange(0, 8).Draw(t, "hilos"),
			MBTabla:    rapid.IntRange(0, 32).Draw(t, "mb"),
			Candidatas: rapid.IntRange(0, 500).Draw(t, "candidatas"),
		}
		return llamada{fmt.Sprintf("final.PreFinal(%s, %+v)", pos.nombres[j], op), func(ctx context.Context) error {
			_, err := final.PreFinal(ctx, j, op)
			if err == context.DeadlineExceeded {
				err = nil
			}
			return err
		}}, true
	case 3:
		j := elegir(pos.partidas, "partida")
		op := inferencia.Opciones{Trabajadores: rapid.IntRange(0, 16).Draw(t, "trabajadores")}
		return llamada{fmt.Sprintf("inferencia.Inferir(%s, %+v)", pos.nombres[j], op), func(ctx context.Context) error {
			antes, turno, noVistas, err := inferencia.UltimoTurno(j)
			if err != nil {
				return nil // sin último turno: nada que medir
			}
			_, err = inferencia.Inferir(ctx, antes, turno, noVistas, bot.HojasEspanol(), op)
			return err
		}}, true
	case 4:
		j := elegir(pos.finales, "final")
		return llamada{fmt.Sprintf("experto con Final %v (%s)", plazo, pos.nombres[j]), func(context.Context) error {
			g, err := generador.Nuevo(j.Variante(), generador.Opciones{})
			if err != nil {
				return err
			}
			b, err := bot.NuevoExperto(g, bot.OpcionesExperto{Final: max(plazo, time.Nanosecond)})
			if err != nil {
				return err
			}
			_, err = b.Elegir(context.Background(), j)
			return err
		}}, false
	case 5:
		js := append(append([]*juego.Juego(nil), pos.partidas...), pos.finales...)
		j := elegir(js, "posicion")
		return llamada{fmt.Sprintf("maestro con Tiempo %v (%s)", plazo, pos.nombres[j]), func(context.Context) error {
			g, err := generador.Nuevo(j.Variante(), generador.Opciones{})
			if err != nil {
				return err
			}
			b, err := bot.NuevoMaestro(g, bot.OpcionesMaestro{Tiempo: max(plazo, time.Nanosecond)})
			if err != nil {
				return err
			}
			_, err = b.Elegir(context.Background(), j)
			return err
		}}, false
	default:
		js := append(append([]*juego.Juego(nil), pos.partidas...), pos.finales...)
		j := elegir(js, "posicion")
		return llamada{fmt.Sprintf("maestro cancelado a los %v (%s)", plazo, pos.nombres[j]), func(ctx context.Context) error {
			g, err := generador.Nuevo(j.Variante(), generador.Opciones{})
			if err != nil {
				return err
			}
			b, err := bot.NuevoMaestro(g, bot.OpcionesMaestro{Tiempo: time.Minute})
			if err != nil {
				return err
			}
			_, err = b.Elegir(ctx, j)
			if err == context.DeadlineExceeded {
				err = nil
			}
			return err
		}}, true
	}
}

// TestPlazosPropiedad: toda llamada con plazo (la simulación, el final, el
// prefinal, la inferencia, el experto con Final, el maestro con su Tiempo o
// cancelado) vuelve dentro de margenPlazo de él, con opciones, posiciones y
// cantidades de candidatas al azar (hasta simulacion.MaxCandidatas: todas
// las jugadas). Sin PALABRAS_LARGAS, 12 casos de plazos de hasta 150 ms;
// con ella, 150 casos de hasta 2 s. En una máquina cargada, otro proceso
// puede demorar una vuelta: si una pasa del margen se repite una vez, y
// falla si las dos pasan.
func TestPlazosPropiedad(t *testing.T) {
	pos := leerPosicionesPlazos(t)
	casos, maxPlazo := 12, 150
	if pruebas.Largas() {
		casos, maxPlazo = 150, 2000
	}
	dados := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { dados[f.Name] = true })
	if !dados["rapid.checks"] {
		antes := flag.Lookup("rapid.checks").Value.String()
		require.NoError(t, flag.Set("rapid.checks", strconv.Itoa(casos)))
		defer flag.Set("rapid.checks", antes)
	}
	rapid.Check(t, func(rt *rapid.T) {
		plazo := time.Duration(rapid.IntRange(0, maxPlazo).Draw(rt, "plazo_ms")) * time.Millisecond
		l, usaCtx := generarLlamada(rt, pos, plazo)
		demora, err := medir(l, plazo, usaCtx)
		if err != nil {
			rt.Fatalf("%s: %v", l.nombre, err)
		}
		if demora > plazo+margenPlazo {
			otra, _ := medir(l, plazo, usaCtx)
			rt.Logf("%s con plazo %v: %v, repetida %v", l.nombre, plazo, demora, otra)
			demora = min(demora, otra)
		}
		if demora > plazo+margenPlazo {
			rt.Fatalf("%s con plazo %v volvió a los %v", l.nombre, plazo, demora)
		}
	})
}

// TestOpcionesFueraDeRango: las opciones más allá de su máximo se rechazan
// con el centinela de su paquete, enseguida y sin reservar memoria (antes,
// MBTabla 1<<20 mataba al proceso y Trabajadores 100000 crecía a 1,6 GB).
func TestOpcionesFueraDeRango(t *testing.T) {
	pos := leerPosicionesPlazos(t)
	fin, partida := pos.finales[0], pos.partidas[len(pos.partidas)/2]
	ctx := context.Background()
	for _, c := range []struct {
		nombre string
		err    error
		correr func() error
	}{
		{"final MBTabla 1<<20", final.ErrOpcionFueraDeRango, func() error { _, err := final.Resolver(ctx, fin, final.Opciones{MBTabla: 1 << 20}); return err }},
		{"final Hilos 10000", final.ErrOpcionFueraDeRango, func() error { _, err := final.Resolver(ctx, fin, final.Opciones{Hilos: 10000}); return err }},
		{"final Hilos -1", final.ErrOpcionFueraDeRango, func() error { _, err := final.Resolver(ctx, fin, final.Opciones{Hilos: -1}); return err }},
		{"final Candidatas", final.ErrOpcionFueraDeRango, func() error {
			_, err := final.PreFinal(ctx, fin, final.Opciones{Candidatas: final.MaxCandidatas + 1})
			return err
		}},
		{"simulacion Trabajadores 100000", simulacion.ErrOpcionFueraDeRango, func() error {
			_, err := simulacion.Simular(ctx, partida, simulacion.Opciones{Trabajadores: 100000})
			return err
		}},
		{"simulacion Candidatas 2000000000", simulacion.ErrOpcionFueraDeRango, func() error {
			_, err := simulacion.Simular(ctx, partida, simulacion.Opciones{Candidatas: 2000000000})
			return err
		}},
		{"simulacion Lote", simulacion.ErrOpcionFueraDeRango, func() error {
			_, err := simulacion.Simular(ctx, partida, simulacion.Opciones{Lote: 1 << 40})
			return err
		}},
		{"inferencia Trabajadores", inferencia.ErrOpcionFueraDeRango, func() error {
			antes, turno, noVistas, err := inferencia.UltimoTurno(partida)
			require.NoError(t, err)
			_, err = inferencia.Inferir(ctx, antes, turno, noVistas, nil, inferencia.Opciones{Trabajadores: 100000})
			return err
		}},
		{"inferencia MaxHojas", inferencia.ErrOpcionFueraDeRango, func() error {
			antes, turno, noVistas, err := inferencia.UltimoTurno(partida)
			require.NoError(t, err)
			_, err = inferencia.Inferir(ctx, antes, turno, noVistas, nil, inferencia.Opciones{MaxHojas: 1 << 40})
			return err
		}},
		{"maestro Trabajadores", bot.ErrOpcionFueraDeRango, func() error {
			_, err := bot.NuevoMaestro(generadorES(t), bot.OpcionesMaestro{Trabajadores: 100000})
			return err
		}},
	} {
		ini := time.Now()
		err := c.correr()
		require.ErrorIs(t, err, c.err, c.nombre)
		require.Less(t, time.Since(ini), 100*time.Millisecond, c.nombre)
	}
	// En el máximo, se acepta.
	_, err := final.Nuevo(fin.Variante(), final.Opciones{Hilos: final.MaxHilos, MBTabla: 1})
	require.NoError(t, err)
}

// flagRun devuelve el -run de go test.
func flagRun() string {
	if f := flag.Lookup("test.run"); f != nil {
		return f.Value.String()
	}
	return ""
}

// TestExcesos mide, con -v, la tabla de excesos del README: los casos del
// issue 35 (la simulación con todas las jugadas como candidatas y 2 s, el
// final con 1 ms, el experto con Final 1 s en los finales de 7 fichas con
// comodín, el maestro con 500 ms en finales) y cuánto vuelven tarde. Un
// caso que pasa del margen se repite una vez (en CI corren otros paquetes
// a la vez: una vez volvió 68 ms tarde el que sin carga vuelve en 5–16) y
// falla si las dos pasan. Solo con PALABRAS_LARGAS=1 o -run TestExcesos
// explícito:
//
//	go test -v -run TestExcesos ./bot
func TestExcesos(t *testing.T) {
	if !pruebas.Largas() && !strings.Contains(flagRun(), "TestExcesos") {
		t.Skip("con PALABRAS_LARGAS=1 o -run TestExcesos")
	}
	pos := leerPosicionesPlazos(t)
	porNombre := map[string]*juego.Juego{}
	for j, n := range pos.nombres {
		porNombre[n] = j
	}
	// La partida con más jugadas legales.
	var muchas *juego.Juego
	legales := 0
	for _, j := range pos.partidas {
		if n := generador.Contar(generadorES(t), j); n > legales {
			muchas, legales = j, n
		}
	}
	type caso struct {
		nombre string
		plazo  time.Duration
		usaCtx bool
		l      llamada
	}
	var casos []caso
	casos = append(casos, caso{fmt.Sprintf("simulacion.Simular, %d candidatas (todas), %s", legales, pos.nombres[muchas]), 2 * time.Second, true,
		llamada{correr: func(ctx context.Context) error {
			_, err := simulacion.Simular(ctx, muchas, simulacion.Opciones{Candidatas: simulacion.MaxCandidatas, Hojas: bot.HojasEspanol()})
			return err
		}}})
	for _, n := range []string{"es-bot-01", "en-bot-03", "es-bot-03", "en-flexo_vignette_quackle_vs_boys", "en-maven"} {
		j := porNombre[n]
		require.NotNil(t, j, n)
		casos = append(casos, caso{"final.Resolver, " + n, time.Millisecond, true, llamada{correr: func(ctx context.Context) error {
			_, err := final.Resolver(ctx, j, final.Opciones{})
			return err
		}}})
		casos = append(casos, caso{"final.Resolver Hilos 256, " + n, time.Millisecond, true, llamada{correr: func(ctx context.Context) error {
			_, err := final.Resolver(ctx, j, final.Opciones{Hilos: final.MaxHilos})
			return err
		}}})
	}
	for _, n := range []string{"en-bot-03", "es-bot-03", "en-flexo_vignette_quackle_vs_boys", "en-maven"} {
		j := porNombre[n]
		casos = append(casos, caso{"experto Final 1 s, " + n, time.Second, false, llamada{correr: func(context.Context) error {
			g, _ := generador.Nuevo(j.Variante(), generador.Opciones{})
			b, _ := bot.NuevoExperto(g, bot.OpcionesExperto{Final: time.Second})
			_, err := b.Elegir(context.Background(), j)
			return err
		}}})
	}
	for _, n := range []string{"es-bot-01", "en-bot-02", "en-bot-03", "es-bot-07"} {
		j := porNombre[n]
		casos = append(casos, caso{"maestro Tiempo 500 ms, " + n, 500 * time.Millisecond, false, llamada{correr: func(context.Context) error {
			g, _ := generador.Nuevo(j.Variante(), generador.Opciones{})
			b, _ := bot.NuevoMaestro(g, bot.OpcionesMaestro{Tiempo: 500 * time.Millisecond})
			_, err := b.Elegir(context.Background(), j)
			return err
		}}})
	}
	if len(pos.prefinales) > 0 {
		j := pos.prefinales[0]
		casos = append(casos, caso{"final.PreFinal 500 candidatas, " + pos.nombres[j], 100 * time.Millisecond, true, llamada{correr: func(ctx context.Context) error {
			_, err := final.PreFinal(ctx, j, final.Opciones{Candidatas: 500})
			if err == context.DeadlineExceeded {
				err = nil
			}
			return err
		}}})
	}
	j := pos.partidas[len(pos.partidas)/3]
	casos = append(casos, caso{"inferencia.Inferir Trabajadores 256, " + pos.nombres[j], time.Millisecond, true, llamada{correr: func(ctx context.Context) error {
		antes, turno, noVistas, err := inferencia.UltimoTurno(j)
		if err != nil {
			return nil
		}
		_, err = inferencia.Inferir(ctx, antes, turno, noVistas, bot.HojasEspanol(), inferencia.Opciones{Trabajadores: inferencia.MaxTrabajadores})
		return err
	}}})
	peor := time.Duration(-1 << 62)
	t.Logf("| llamada | plazo | vuelve a los | tarde |")
	t.Logf("|---|---|---|---|")
	for _, c := range casos {
		d, err := medir(c.l, c.plazo, c.usaCtx)
		require.NoError(t, err, c.nombre)
		if d > c.plazo+margenPlazo {
			// Como en TestPlazosPropiedad: otro proceso pudo demorar esta
			// vuelta; se repite una vez y cuenta la mejor de las dos.
			otra, err := medir(c.l, c.plazo, c.usaCtx)
			require.NoError(t, err, c.nombre)
			t.Logf("%s: %v, repetida %v", c.nombre, d.Round(100*time.Microsecond), otra.Round(100*time.Microsecond))
			d = min(d, otra)
		}
		t.Logf("| %s | %v | %v | %v |", c.nombre, c.plazo, d.Round(100*time.Microsecond), (d - c.plazo).Round(100*time.Microsecond))
		peor = max(peor, d-c.plazo)
	}
	t.Logf("el peor: %v tarde", peor.Round(100*time.Microsecond))
	t.Logf("(antes de medir, armar el GADDAG inglés, una vez por proceso y sin plazo, tardó %v)", gaddagIngles.Round(time.Millisecond))
	require.LessOrEqual(t, peor, margenPlazo)
}
