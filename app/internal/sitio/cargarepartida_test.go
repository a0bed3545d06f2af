package sitio

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
	"github.com/juegodepalabras/palabras/internal/pruebas"
)

// TestCargaRepartida mide (no exige) el sitio repartido sobre PostgreSQL y
// NATS, con procesos hijos de verdad por loopback: 500 clientes (250
// partidas con reloj) con 1, 2 y 3 procesos web, pensando entre 150 y
// 450 ms antes de cada jugada (el objetivo: p99 de 50 ms) y saturados (sin
// pausa; objetivo: p99 de 100 ms), y las jugadas de bot por segundo con 1
// y 2 trabajadores de un núcleo cada uno (GOMAXPROCS=1; objetivo: 1,8
// veces). Solo con PALABRAS_LARGAS=1; PALABRAS_CARGA=n cambia la cantidad
// de partidas entre personas y PALABRAS_MULTI_BOTS las de bots (40).
func TestCargaRepartida(t *testing.T) {
	pruebas.SoloLargas(t)
	partidas, nBots := entorno(t, "PALABRAS_CARGA", 250), entorno(t, "PALABRAS_MULTI_BOTS", 40)
	for _, webs := range []int{1, 2, 3} {
		for _, pausa := range []time.Duration{300 * time.Millisecond, 0} {
			nombre := "pensando"
			if pausa == 0 {
				nombre = "saturada"
			}
			t.Run(nombre+"-"+strconv.Itoa(webs), func(t *testing.T) { cargaRepartida(t, webs, partidas, pausa) })
		}
	}
	var porSegundo [2]float64
	for k, trabs := range []int{1, 2} {
		t.Run("bots-"+strconv.Itoa(trabs), func(t *testing.T) { porSegundo[k] = botsRepartidos(t, trabs, nBots) })
	}
	if porSegundo[0] > 0 {
		t.Logf("bots: 2 trabajadores hacen %.2f veces las jugadas de 1 (objetivo ≥ 1,8)", porSegundo[1]/porSegundo[0])
	}
}

// procesosRepartidos arranca NATS, webs procesos web y trabs trabajadores
// (con n jugadas a la vez y los núcleos de GOMAXPROCS=gomax si no es 0)
// sobre una base nueva, y devuelve las URL de los web.
func procesosRepartidos(t *testing.T, webs, trabs, n, gomax int) []string {
	env := []string{varDBRol + "=" + pruebapg.URL(t), varNATSRol + "=" + servidorNATS(t), varClave + "=" + filepath.Join(t.TempDir(), "clave")}
	var urls []string
	for range webs {
		urls = append(urls, arrancarRol(t, "web", env...).url)
	}
	envT := append(slices.Clone(env), varNTrab+"="+strconv.Itoa(n))
	if gomax > 0 {
		envT = append(envT, "GOMAXPROCS="+strconv.Itoa(gomax))
	}
	for range trabs {
		arrancarRol(t, "trabajador", envT...)
	}
	return urls
}

func cargaRepartida(t *testing.T, webs, partidas int, pausa time.Duration) {
	urls := procesosRepartidos(t, webs, 0, 1, 0)
	pasos := guion(t)
	var acks atomic.Int64
	jugadores := make([]*jugadorGuion, 0, 2*partidas)
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range partidas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			id, cs := partidaDeDos(t, urls[i%webs], relojTorneo)
			mu.Lock()
			defer mu.Unlock()
			for a := range 2 {
				u := urls[(i+a)%webs]
				jugadores = append(jugadores, &jugadorGuion{url: func() string { return u }, c: cs[a], partida: id, asiento: a,
					pasos: pasos, acks: &acks, pausa: pausa})
			}
		}()
	}
	wg.Wait()
	ctx, cancelar := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancelar()
	inicio := time.Now()
	errs := make([]error, len(jugadores))
	for k, jg := range jugadores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = jg.jugar(ctx)
		}()
	}
	wg.Wait()
	dur := time.Since(inicio)
	require.NoError(t, errors.Join(errs...))
	var lat []time.Duration
	for _, jg := range jugadores {
		lat = append(lat, jg.latencias...)
	}
	slices.Sort(lat)
	require.Equal(t, partidas*len(pasos), len(lat))
	t.Logf("%d procesos web, pausa %v: %d clientes, %d movimientos en %v (%.0f mov/s); latencia p50 %v, p99 %v, máx %v",
		webs, pausa, len(jugadores), len(lat), dur.Round(time.Millisecond), float64(len(lat))/dur.Seconds(),
		percentil(lat, 50).Round(10*time.Microsecond), percentil(lat, 99).Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
}

// botsRepartidos juega nBots partidas contra un bot principiante (la
// persona pasa) con trabs trabajadores de un núcleo, y devuelve las
// jugadas de bot por segundo.
func botsRepartidos(t *testing.T, trabs, nBots int) float64 {
	urls := procesosRepartidos(t, 2, trabs, 1, 1)
	ids := make([]int64, nBots)
	cs := make([]*cliente, nBots)
	for i := range nBots {
		cs[i] = invitado(t, urls[i%2])
		var m sentado
		require.Equal(t, 200, cs[i].pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &m))
		ids[i] = m.Partida
	}
	ctx, cancelar := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancelar()
	inicio := time.Now()
	var wg sync.WaitGroup
	errs := make([]error, nBots)
	var jugadas atomic.Int64
	for i := range nBots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := urls[(i+1)%2]
			rs, _, err := jugarContraBot(ctx, func() string { return u }, cs[i], ids[i], nil)
			errs[i] = err
			for _, r := range rs {
				if r.Jugador == 1 {
					jugadas.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	dur := time.Since(inicio)
	require.NoError(t, errors.Join(errs...))
	ps := float64(jugadas.Load()) / dur.Seconds()
	t.Logf("%d trabajadores (GOMAXPROCS=1, una jugada a la vez cada uno): %d partidas, %d jugadas de bot en %v: %.0f jugadas/s",
		trabs, nBots, jugadas.Load(), dur.Round(time.Millisecond), ps)
	return ps
}
