package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// rutaChromium es donde el paquete chromium de Debian instala el navegador.
const rutaChromium = "/usr/bin/chromium"

// navegador abre un Chromium sin ventana, con un perfil nuevo, y devuelve
// su contexto de chromedp. Sin Chromium, la prueba se salta.
func navegador(t *testing.T, ancho, alto int) context.Context {
	t.Helper()
	if _, err := os.Stat(rutaChromium); err != nil {
		t.Skipf("no está %s: la prueba en el navegador necesita Chromium (apt-get install -y chromium; .ci/run lo instala)", rutaChromium)
	}
	op := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(rutaChromium),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(ancho, alto),
	}
	actx, cancelarA := chromedp.NewExecAllocator(context.Background(), op...)
	t.Cleanup(cancelarA)
	// Los avisos de eventos que esta versión de cdproto no conoce (el
	// Chromium del sistema puede ser más nuevo) no son errores de la
	// prueba.
	ctx, cancelar := chromedp.NewContext(actx, chromedp.WithErrorf(func(string, ...any) {}))
	t.Cleanup(cancelar)
	ctx, cancelarT := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancelarT)
	require.NoError(t, chromedp.Run(ctx)) // arranca el navegador
	return ctx
}

// filas es la cantidad de renglones de la planilla.
func filas(ctx context.Context) (int, error) {
	var n int
	err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll('#planilla tbody tr').length`, &n))
	return n, err
}

// esperarFilas espera a que la planilla tenga al menos n renglones.
func esperarFilas(ctx context.Context, n int) error {
	return chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`document.querySelectorAll('#planilla tbody tr').length >= %d`, n), nil,
		chromedp.WithPollingTimeout(30*time.Second)))
}

// TestNavegador juega una partida entera contra un bot en un Chromium de
// verdad: entra, crea la partida, pone fichas con clics (la jugada la
// elige un bot sobre el juego del servidor: la prueba decide qué tocar,
// pero todo pasa por la página), ve la respuesta del bot, ve el rechazo de
// una jugada inválida, se rinde y ve la clasificación. Con
// PALABRAS_CAPTURA=1 guarda la captura de la partida en docs/.
func TestNavegador(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba en el navegador: se salta con -short")
	}
	s, base := abrirSala(t, Opciones{RetardoBot: 200 * time.Millisecond})
	ctx := navegador(t, 1200, 1000)

	// Entrar y crear una partida contra un bot principiante.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(base),
		chromedp.WaitVisible(`#nombre`, chromedp.ByQuery),
		chromedp.SendKeys(`#nombre`, "Ana", chromedp.ByQuery),
		chromedp.Click(`#btn-entrar`, chromedp.ByQuery)))
	require.NoError(t, chromedp.Run(ctx,
		chromedp.WaitVisible(`#btn-crear`, chromedp.ByQuery),
		chromedp.WaitVisible(`#asiento-1`, chromedp.ByQuery),
		chromedp.SetValue(`#reglas`, "es-clasica", chromedp.ByQuery),
		chromedp.SetValue(`#asiento-1`, "bot:principiante", chromedp.ByQuery),
		chromedp.Click(`#btn-crear`, chromedp.ByQuery),
		chromedp.WaitVisible(`#tablero .celda`, chromedp.ByQuery),
	))
	var p *partida
	s.mu.Lock()
	for _, x := range s.partidas {
		p = x
	}
	s.mu.Unlock()
	require.NotNil(t, p)
	g, err := s.cat.Generador(p.v)
	require.NoError(t, err)
	elegir, _ := bot.Nuevo(bot.Avanzado, g)
	alf := p.v.Alfabeto()

	// Una jugada inválida: una ficha suelta en una esquina.
	esperarTurno := chromedp.Poll(`document.querySelector('#estado-turno').textContent.includes('Es su turno')`, nil, chromedp.WithPollingTimeout(30*time.Second))
	require.NoError(t, chromedp.Run(ctx, esperarTurno,
		chromedp.Click(`#atril .ficha:not(.usada)`, chromedp.ByQuery)))
	var comodin bool
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector('#dialogo-comodin').open`, &comodin)))
	if comodin {
		require.NoError(t, chromedp.Run(ctx, chromedp.Click(`#letras-comodin button`, chromedp.ByQuery)))
	}
	var mensaje string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#tablero .celda[data-f="0"][data-c="0"]`, chromedp.ByQuery),
		chromedp.Click(`#btn-jugar`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#mensaje').textContent.length > 0`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`#mensaje`, &mensaje, chromedp.ByQuery),
		chromedp.Click(`#btn-recoger`, chromedp.ByQuery),
	))
	require.Contains(t, mensaje, "Jugada inválida")
	require.Zero(t, p.mesa.Movimientos(), "una jugada rechazada no cambia nada")

	// Tres turnos propios, cada uno con la respuesta del bot.
	for turno := 0; turno < 3; turno++ {
		require.NoError(t, chromedp.Run(ctx, esperarTurno))
		n, err := filas(ctx)
		require.NoError(t, err)
		j := p.mesa.Juego()
		require.Equal(t, 0, j.Turno())
		d := elegir.Elegir(j)
		if d.Tipo != juego.SucesoColocacion {
			require.NoError(t, chromedp.Run(ctx, chromedp.Click(`#btn-pasar`, chromedp.ByQuery), chromedp.Click(`#btn-confirmar-si`, chromedp.ByQuery)))
		} else {
			for f := range d.Jugada.Fichas() {
				letraAtril := alf.Simbolo(f.Letra)
				if f.Comodin {
					letraAtril = "?"
				}
				acciones := []chromedp.Action{chromedp.Click(fmt.Sprintf(`#atril .ficha[data-letra="%s"]:not(.usada)`, letraAtril), chromedp.ByQuery),
					chromedp.Click(fmt.Sprintf(`#tablero .celda[data-f="%d"][data-c="%d"]`, f.Fila, f.Columna), chromedp.ByQuery)}
				if f.Comodin {
					acciones = append(acciones, chromedp.Click(fmt.Sprintf(`#letras-comodin button[data-letra="%s"]`, alf.Simbolo(f.Letra)), chromedp.ByQuery))
				}
				require.NoError(t, chromedp.Run(ctx, acciones...))
			}
			require.NoError(t, chromedp.Run(ctx, chromedp.Click(`#btn-jugar`, chromedp.ByQuery)))
		}
		require.NoError(t, esperarFilas(ctx, n+2), "la jugada y la respuesta del bot en la planilla")
	}
	var ultima int
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll('#tablero .ficha.ultima').length`, &ultima)))
	require.Positive(t, ultima, "la última jugada se resalta")

	if os.Getenv("PALABRAS_CAPTURA") != "" {
		var png []byte
		require.NoError(t, chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)))
		require.NoError(t, os.WriteFile(filepath.Join("..", "..", "docs", "web-partida.png"), png, 0o644))
	}

	// Rendirse, y ver la clasificación.
	var final, tabla string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#btn-rendirse`, chromedp.ByQuery),
		chromedp.Click(`#btn-confirmar-si`, chromedp.ByQuery),
		chromedp.WaitVisible(`#final`, chromedp.ByQuery),
		chromedp.Text(`#final`, &final, chromedp.ByQuery),
		chromedp.Click(`#btn-ver-clasificacion`, chromedp.ByQuery),
		chromedp.WaitVisible(`#tabla-clasificacion td.nombre`, chromedp.ByQuery),
		chromedp.Text(`#tabla-clasificacion tbody`, &tabla, chromedp.ByQuery),
	))
	require.Contains(t, final, "Partida terminada")
	require.Contains(t, final, "Ganó Bot principiante")
	require.Contains(t, tabla, "Ana")
	require.Contains(t, tabla, "Bot principiante")
	require.True(t, strings.Index(tabla, "Bot principiante") < strings.Index(tabla, "Ana"), "quien se rinde queda detrás")
}
